/**
 * Budget Range (spec sections 4, 5 and 9): five presets and a custom slider from $0 to $2000 in
 * steps of $10. A preset is "selected" when the URL's price bounds equal its range; choosing it
 * again clears the bounds; opening the custom range clears them too.
 *
 * The top of the range is open: Professional is shown as $500 - $2000+, and the slider's right end
 * at 2000 means "no upper bound", so expensive equipment is never hidden by the widest setting.
 */
import type { CatalogueQuery } from './query.ts';

export type BudgetIcon = 'piggy-bank' | 'scale' | 'gem' | 'crown' | 'package';

export interface BudgetPreset {
  id: string;
  label: string;
  min: number;
  /** null: no upper bound (shown as "2000+"). */
  max: number | null;
  icon: BudgetIcon;
}

export const BUDGET_PRESETS: readonly BudgetPreset[] = [
  { id: 'budget-friendly', label: 'Budget-Friendly', min: 0, max: 50, icon: 'piggy-bank' },
  { id: 'mid-range', label: 'Mid-Range', min: 50, max: 150, icon: 'scale' },
  { id: 'premium', label: 'Premium', min: 150, max: 500, icon: 'gem' },
  { id: 'professional', label: 'Professional', min: 500, max: null, icon: 'crown' },
  { id: 'starter-kit', label: 'Starter Kit', min: 0, max: 100, icon: 'package' },
];

export const PRICE_SLIDER = { min: 0, max: 2000, step: 10 } as const;

/** "$0 - $50", "$500 - $2000+". */
export function budgetRangeLabel(min: number, max: number | null): string {
  return `$${min} - $${max ?? PRICE_SLIDER.max}${max === null ? '+' : ''}`;
}

/** The preset whose range the query's price bounds equal (a missing lower bound is $0), if any. */
export function selectedBudgetPreset(query: Pick<CatalogueQuery, 'minPrice' | 'maxPrice'>): BudgetPreset | null {
  const min = query.minPrice ?? 0;
  return BUDGET_PRESETS.find((preset) => preset.min === min && preset.max === query.maxPrice) ?? null;
}

/** The price bounds a preset stands for, as the query stores them. */
export function presetBounds(preset: BudgetPreset): Pick<CatalogueQuery, 'minPrice' | 'maxPrice'> {
  return { minPrice: preset.min > 0 ? preset.min : null, maxPrice: preset.max };
}

/** Choosing a preset selects it; choosing the selected preset again deselects it (no price bounds). */
export function togglePreset(
  query: Pick<CatalogueQuery, 'minPrice' | 'maxPrice'>,
  preset: BudgetPreset,
): Pick<CatalogueQuery, 'minPrice' | 'maxPrice'> {
  return selectedBudgetPreset(query)?.id === preset.id ? { minPrice: null, maxPrice: null } : presetBounds(preset);
}

/** Whether the query has price bounds that are not a preset: the custom range is then open. */
export function hasCustomRange(query: Pick<CatalogueQuery, 'minPrice' | 'maxPrice'>): boolean {
  return (query.minPrice !== null || query.maxPrice !== null) && selectedBudgetPreset(query) === null;
}

function clampToSlider(value: number): number {
  return Math.min(PRICE_SLIDER.max, Math.max(PRICE_SLIDER.min, value));
}

/** The slider's two thumbs for the query's bounds: missing bounds sit at the ends. */
export function sliderValues(query: Pick<CatalogueQuery, 'minPrice' | 'maxPrice'>): [number, number] {
  const low = clampToSlider(query.minPrice ?? PRICE_SLIDER.min);
  const high = clampToSlider(query.maxPrice ?? PRICE_SLIDER.max);
  return low <= high ? [low, high] : [high, low];
}

/** Slider positions as price bounds, snapped to the $10 step; an end position means no bound on that side. */
export function boundsFromSlider([low, high]: readonly [number, number]): Pick<CatalogueQuery, 'minPrice' | 'maxPrice'> {
  const snap = (value: number) => clampToSlider(Math.round(value / PRICE_SLIDER.step) * PRICE_SLIDER.step);
  const [min, max] = [snap(Math.min(low, high)), snap(Math.max(low, high))];
  return { minPrice: min > PRICE_SLIDER.min ? min : null, maxPrice: max < PRICE_SLIDER.max ? max : null };
}
