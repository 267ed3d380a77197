/**
 * The category browser (spec section 2; not shown while searching): on desktop a card grid of
 * every category plus All Products (All Top Picks in Top Picks); on mobile the first five as
 * chips (and the current category) plus a More drawer listing all. Links keep featured=true when
 * it is set. Counts are what each link shows: products with the default filters, or top picks.
 *
 * Without JavaScript the More drawer cannot open, so it is hidden and every category is a chip.
 */
import { LayoutGrid, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { memo, useState } from 'react';
import { mobileChipCategories, productCountLabel, topPickCountLabel, type CategorySummary } from '../../domain/catalogue/categories.ts';
import { DEFAULT_QUERY } from '../../domain/catalogue/query.ts';
import { CatalogueLink } from './CatalogueLink.tsx';

interface Props {
  categories: readonly CategorySummary[];
  totals: { products: number; topPicks: number };
  current: string | null;
  featured: boolean;
}

interface Entry {
  slug: string | null;
  name: string;
  /** What the link shows: products in a list, top picks in Top Picks. */
  count: number;
}

/** Memoised: its links do not change with filters, sort or page. */
export const CategoryBrowser = memo(function CategoryBrowser({ categories, totals, current, featured }: Props) {
  const [moreOpen, setMoreOpen] = useState(false);
  const all: Entry = { slug: null, name: featured ? 'All Top Picks' : 'All Products', count: featured ? totals.topPicks : totals.products };
  const entryOf = (category: CategorySummary): Entry => ({ slug: category.slug, name: category.name, count: featured ? category.topPickCount : category.productCount });
  const entries: Entry[] = [all, ...categories.map(entryOf)];
  const chips = mobileChipCategories(categories, current);
  const countLabel = featured ? topPickCountLabel : productCountLabel;
  const link = (entry: Entry) => ({ ...DEFAULT_QUERY, category: entry.slug, featured });
  const currentAttr = (entry: Entry) => (entry.slug === current ? ('page' as const) : undefined);

  return (
    <section aria-label="Browse categories" className="mb-8">
      <ul className="hidden grid-cols-3 gap-3 md:grid lg:grid-cols-4 xl:grid-cols-6">
        {entries.map((entry) => (
          <li key={entry.slug ?? ''}>
            <CatalogueLink
              to={link(entry)}
              aria-current={currentAttr(entry)}
              className="flex h-full flex-col justify-between gap-0.5 rounded-card border border-line bg-surface px-4 py-3 text-sm shadow-card transition hover:border-brand-300 hover:shadow-card-hover aria-[current=page]:border-brand-600 aria-[current=page]:ring-1 aria-[current=page]:ring-brand-600"
            >
              <span className="font-semibold text-ink">{entry.name}</span>
              <span className="text-xs text-ink-muted">{countLabel(entry.count)}</span>
            </CatalogueLink>
          </li>
        ))}
      </ul>

      <ul className="flex flex-wrap gap-2 md:hidden">
        {[all, ...chips.map(entryOf), ...categories.filter((category) => !chips.includes(category)).map((category) => ({ ...entryOf(category), extra: true }))].map((entry) => (
          <li
            key={entry.slug ?? ''}
            // The chips beyond the first five (and the current one) show only without JavaScript, in place of More.
            className={'extra' in entry ? 'hidden flex-none' : 'flex-none'}
            data-no-js-only={'extra' in entry ? '' : undefined}
          >
            <CatalogueLink
              to={link(entry)}
              aria-current={currentAttr(entry)}
              className="inline-flex h-9 items-center rounded-full border border-line bg-surface px-3 text-sm font-medium whitespace-nowrap text-ink aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
            >
              {entry.name}
            </CatalogueLink>
          </li>
        ))}
        <li className="flex-none" data-requires-js="">
          <Dialog.Root open={moreOpen} onOpenChange={setMoreOpen}>
            <Dialog.Trigger className="inline-flex h-9 flex-none items-center gap-1.5 rounded-full border border-line bg-surface px-3 text-sm font-semibold text-brand-800">
              <LayoutGrid aria-hidden="true" size={15} />
              More
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
              <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-[85vw] max-w-sm flex-col bg-canvas shadow-xl focus:outline-none">
                <div className="flex items-center justify-between border-b border-line px-5 py-4">
                  <Dialog.Title className="text-lg font-semibold text-ink">All Categories</Dialog.Title>
                  <Dialog.Close
                    className="inline-flex size-9 items-center justify-center rounded-full hover:bg-brand-50"
                    aria-label="Close categories"
                  >
                    <X aria-hidden="true" size={18} />
                  </Dialog.Close>
                </div>
                <Dialog.Description className="sr-only">Choose a category to browse.</Dialog.Description>
                <ul className="flex-1 overflow-y-auto px-3 py-3">
                  {entries.map((entry) => (
                    <li key={entry.slug ?? ''}>
                      <CatalogueLink
                        to={link(entry)}
                        aria-current={currentAttr(entry)}
                        onNavigated={() => setMoreOpen(false)}
                        className="flex items-center justify-between rounded-lg px-3 py-2.5 text-ink hover:bg-brand-50 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold"
                      >
                        <span>{entry.name}</span>
                        <span className="text-sm text-ink-muted">
                          {entry.count}
                          <span className="sr-only">{featured ? ' top picks' : ' products'}</span>
                        </span>
                      </CatalogueLink>
                    </li>
                  ))}
                </ul>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        </li>
      </ul>
    </section>
  );
});
