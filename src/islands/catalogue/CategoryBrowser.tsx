/**
 * The category browser (spec section 2; not shown while searching): on desktop a card grid of
 * every category plus All Products (All Top Picks in Top Picks); on mobile the first five as
 * chips (and the current category) plus a More drawer listing all. Links keep featured=true when
 * it is set. Counts are what each link shows: products with the default filters, or top picks, once the island has
 * read them (the page's HTML leaves them out: categories.ts).
 *
 * Without JavaScript the More drawer cannot open, so it is hidden and every category is a chip. The drawer's code loads
 * when someone reaches for More (drawer-code.ts).
 */
import { LayoutGrid } from 'lucide-react';
import { memo, useRef, useState } from 'react';
import { mobileChipCategories, productCountLabel, topPickCountLabel, type CategoryLink } from '../../domain/catalogue/categories.ts';
import { DEFAULT_QUERY } from '../../domain/catalogue/query.ts';
import { useOnDemand } from '../load-on-intent.ts';
import { CatalogueLink } from './CatalogueLink.tsx';
import { drawerCode } from './drawer-code.ts';

interface Props {
  categories: readonly CategoryLink[];
  /** Once the island has read the counts (use-category-counts.ts); until then the links show names alone. */
  totals: { products: number; topPicks: number } | undefined;
  current: string | null;
  featured: boolean;
}

interface Entry {
  slug: string | null;
  name: string;
  /** What the link shows: products in a list, top picks in Top Picks; unknown before the counts are read. */
  count: number | undefined;
}

/** Memoised: its links do not change with filters, sort or page. */
export const CategoryBrowser = memo(function CategoryBrowser({ categories, totals, current, featured }: Props) {
  const [moreOpen, setMoreOpen] = useState(false);
  const moreButton = useRef<HTMLButtonElement>(null);
  const drawer = useOnDemand(drawerCode);
  const { ref: gateRef, ...gateHandlers } = drawer.gate;
  const all: Entry = { slug: null, name: featured ? 'All Top Picks' : 'All Products', count: featured ? totals?.topPicks : totals?.products };
  const entryOf = (category: CategoryLink): Entry => ({ slug: category.slug, name: category.name, count: featured ? category.topPickCount : category.productCount });
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
              {/* Its line is kept while the count is not known yet, so nothing below moves when it arrives. */}
              <span className="min-h-4 text-xs text-ink-muted">{countLabel(entry.count)}</span>
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
          <span ref={gateRef} className="contents" {...gateHandlers}>
            <button
              ref={moreButton}
              type="button"
              aria-haspopup="dialog"
              aria-expanded={moreOpen}
              onClick={() => setMoreOpen(true)}
              className="inline-flex h-9 flex-none items-center gap-1.5 rounded-full border border-line bg-surface px-3 text-sm font-semibold text-brand-800"
            >
              <LayoutGrid aria-hidden="true" size={15} />
              More
            </button>
          </span>
          {drawer.loaded && (
            <drawer.loaded.Drawer
              open={moreOpen}
              onClose={() => setMoreOpen(false)}
              opener={moreButton}
              title="All Categories"
              closeLabel="Close categories"
              description="Choose a category to browse."
            >
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
                      {entry.count !== undefined && (
                        <span className="text-sm text-ink-muted">
                          {entry.count}
                          <span className="sr-only">{featured ? ' top picks' : ' products'}</span>
                        </span>
                      )}
                    </CatalogueLink>
                  </li>
                ))}
              </ul>
            </drawer.loaded.Drawer>
          )}
        </li>
      </ul>
    </section>
  );
});
