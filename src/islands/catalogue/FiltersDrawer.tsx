/**
 * Under 768 px the filter panel lives in a Filters drawer that slides in from the left (spec
 * sections 2 and 9); Drawer.tsx (Radix Dialog) traps focus, closes on Escape and returns focus to the button.
 * Its code loads when the shopper reaches for Filters (drawer-code.ts).
 */
import { SlidersHorizontal } from 'lucide-react';
import { useRef, useState } from 'react';
import type { CategoryLink } from '../../domain/catalogue/categories.ts';
import { activeFilterCount } from '../../domain/catalogue/view.ts';
import { useOnDemand } from '../load-on-intent.ts';
import { useCatalogueContext } from './catalogue-context.ts';
import { drawerCode } from './drawer-code.ts';
import { FilterPanel } from './FilterPanel.tsx';

interface Props {
  categories: readonly CategoryLink[];
  /** What All Categories shows, once known. */
  allCount: number | undefined;
  /** The count shown on the close button, "Show {n} products". */
  resultCount: number;
  /** The shopper is about to filter: a chance to start loading data. */
  onIntent?: () => void;
}

export function FiltersDrawer({ categories, allCount, resultCount, onIntent }: Props) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const { query } = useCatalogueContext();
  const active = activeFilterCount(query);
  const { loaded, gate } = useOnDemand(drawerCode);
  const { ref, ...handlers } = gate;
  return (
    <span ref={ref} className="contents" {...handlers}>
      <button
        ref={opener}
        type="button"
        // A drawer needs JavaScript to open; without it the button is hidden (BaseLayout's <noscript> style).
        data-requires-js=""
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerDown={onIntent}
        onFocus={onIntent}
        onClick={() => setOpen(true)}
        className="inline-flex h-10 items-center gap-2 rounded-full border border-line bg-surface px-4 text-sm font-semibold text-ink hover:bg-brand-50 md:hidden"
      >
        <SlidersHorizontal aria-hidden="true" size={16} />
        {active > 0 ? `Filters (${active})` : 'Filters'}
      </button>
      {loaded && (
        <loaded.Drawer
          open={open}
          onClose={() => setOpen(false)}
          opener={opener}
          title="Filters"
          closeLabel="Close filters"
          description="Narrow the products shown. Changes apply at once."
        >
          <div className="flex-1 overflow-y-auto px-5 py-5">
            <FilterPanel categories={categories} allCount={allCount} onNavigated={() => setOpen(false)} />
          </div>
          <div className="border-t border-line px-5 py-4">
            <button
              type="button"
              onClick={() => setOpen(false)}
              className="inline-flex h-11 w-full items-center justify-center rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800"
            >
              {`Show ${resultCount} ${resultCount === 1 ? 'product' : 'products'}`}
            </button>
          </div>
        </loaded.Drawer>
      )}
    </span>
  );
}
