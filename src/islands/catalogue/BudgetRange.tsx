/**
 * Budget Range (spec sections 4, 5 and 9): preset buttons (choosing the selected one again clears
 * it) and a Custom Range toggle that clears the preset and shows a two-thumb slider from $0 to
 * $2000 in steps of $10. The slider's value shows while dragging; the URL changes on release. The slider's code loads
 * when Custom Range opens or is reached for, and the slider shows once it works (PriceSlider.tsx).
 */
import { Crown, Gem, Package, PiggyBank, Scale, SlidersHorizontal, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import {
  BUDGET_PRESETS,
  boundsFromSlider,
  budgetRangeLabel,
  hasCustomRange,
  PRICE_SLIDER,
  selectedBudgetPreset,
  sliderValues,
  togglePreset,
  type BudgetIcon,
} from '../../domain/catalogue/budget.ts';
import { withQuery } from '../../domain/catalogue/query.ts';
import { onDemand, useOnDemand } from '../load-on-intent.ts';
import { useCatalogueContext } from './catalogue-context.ts';

const priceSlider = onDemand(() => import('./PriceSlider.tsx'));

const ICONS: Record<BudgetIcon, LucideIcon> = { 'piggy-bank': PiggyBank, scale: Scale, gem: Gem, crown: Crown, package: Package };

export function BudgetRange() {
  const { query, navigate } = useCatalogueContext();
  const selected = selectedBudgetPreset(query);
  const [customOpen, setCustomOpen] = useState(() => hasCustomRange(query));
  const [values, setValues] = useState<[number, number]>(() => sliderValues(query));
  const sliderLabel = useId();
  const slider = useOnDemand(priceSlider, customOpen);

  // The URL (back, forward, Clear All Filters) decides what the slider shows; a custom range in it opens the slider.
  useEffect(() => {
    setValues(sliderValues(query));
    if (hasCustomRange(query)) setCustomOpen(true);
  }, [query]);

  const openCustom = () => {
    if (customOpen) {
      setCustomOpen(false);
      return;
    }
    setCustomOpen(true);
    // Opening the custom range clears the preset (spec section 4).
    if (query.minPrice !== null || query.maxPrice !== null) navigate(withQuery(query, { minPrice: null, maxPrice: null }));
  };

  return (
    <fieldset>
      <legend className="mb-3 text-sm font-semibold text-ink">Budget Range</legend>
      <ul className="grid gap-2">
        {BUDGET_PRESETS.map((preset) => {
          const Icon = ICONS[preset.icon];
          const pressed = selected?.id === preset.id && !customOpen;
          return (
            <li key={preset.id}>
              <button
                type="button"
                aria-pressed={pressed}
                onClick={() => {
                  setCustomOpen(false);
                  navigate(withQuery(query, togglePreset(customOpen ? { minPrice: null, maxPrice: null } : query, preset)));
                }}
                className="flex w-full items-center gap-3 rounded-lg border border-line bg-surface px-3 py-2 text-left text-sm hover:border-brand-300 hover:bg-brand-50 aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:ring-1 aria-pressed:ring-brand-600"
              >
                <Icon aria-hidden="true" size={18} className="flex-none text-brand-700" />
                <span className="flex-1 font-medium text-ink">{preset.label}</span>
                <span className="text-xs text-ink-muted">{budgetRangeLabel(preset.min, preset.max)}</span>
              </button>
            </li>
          );
        })}
        <li>
          <button
            type="button"
            aria-expanded={customOpen}
            onClick={openCustom}
            onPointerEnter={slider.request}
            onFocus={slider.request}
            className="flex w-full items-center gap-3 rounded-lg border border-dashed border-line bg-surface px-3 py-2 text-left text-sm hover:border-brand-300 hover:bg-brand-50 aria-expanded:border-brand-600"
          >
            <SlidersHorizontal aria-hidden="true" size={18} className="flex-none text-brand-700" />
            <span className="flex-1 font-medium text-ink">Custom Range</span>
          </button>
        </li>
      </ul>
      {customOpen && (
        <div className="mt-4 px-1">
          <p id={sliderLabel} className="mb-3 text-sm font-medium text-ink" aria-live="polite">
            {budgetRangeLabel(values[0], values[1] >= PRICE_SLIDER.max ? null : values[1])}
          </p>
          {/* Its height kept while the code loads, so nothing below moves when it arrives. */}
          <div className="h-6">
            {slider.loaded && (
              <slider.loaded.PriceSlider
                labelledBy={sliderLabel}
                bounds={PRICE_SLIDER}
                values={values}
                onChange={setValues}
                onCommit={(next) => navigate(withQuery(query, boundsFromSlider(next)), { replace: true })}
              />
            )}
          </div>
        </div>
      )}
    </fieldset>
  );
}
