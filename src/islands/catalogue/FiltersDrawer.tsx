/**
 * Under 768 px the filter panel lives in a Filters drawer that slides in from the left (spec
 * sections 2 and 9). Radix Dialog traps focus, closes on Escape and returns focus to the button.
 */
import { SlidersHorizontal, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import type { CategorySummary } from '../../domain/catalogue/categories.ts';
import { activeFilterCount } from '../../domain/catalogue/view.ts';
import { useCatalogueContext } from './catalogue-context.ts';
import { FilterPanel } from './FilterPanel.tsx';

interface Props {
  categories: readonly CategorySummary[];
  /** What All Categories shows. */
  allCount: number;
  /** The count shown on the close button, "Show {n} products". */
  resultCount: number;
  /** The shopper is about to filter: a chance to start loading data. */
  onIntent?: () => void;
}

export function FiltersDrawer({ categories, allCount, resultCount, onIntent }: Props) {
  const [open, setOpen] = useState(false);
  const { query } = useCatalogueContext();
  const active = activeFilterCount(query);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          // A drawer needs JavaScript to open; without it the button is hidden (BaseLayout's <noscript> style).
          data-requires-js=""
          onPointerDown={onIntent}
          onFocus={onIntent}
          className="inline-flex h-10 items-center gap-2 rounded-full border border-line bg-surface px-4 text-sm font-semibold text-ink hover:bg-brand-50 md:hidden"
        >
          <SlidersHorizontal aria-hidden="true" size={16} />
          {active > 0 ? `Filters (${active})` : 'Filters'}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-[85vw] max-w-sm flex-col bg-canvas shadow-xl focus:outline-none">
          <div className="flex items-center justify-between border-b border-line px-5 py-4">
            <Dialog.Title className="text-lg font-semibold text-ink">Filters</Dialog.Title>
            <Dialog.Close className="inline-flex size-9 items-center justify-center rounded-full hover:bg-brand-50" aria-label="Close filters">
              <X aria-hidden="true" size={18} />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Narrow the products shown. Changes apply at once.</Dialog.Description>
          <div className="flex-1 overflow-y-auto px-5 py-5">
            <FilterPanel categories={categories} allCount={allCount} onNavigated={() => setOpen(false)} />
          </div>
          <div className="border-t border-line px-5 py-4">
            <Dialog.Close className="inline-flex h-11 w-full items-center justify-center rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800">
              {`Show ${resultCount} ${resultCount === 1 ? 'product' : 'products'}`}
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
