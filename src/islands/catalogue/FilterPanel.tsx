/**
 * The filter panel (spec section 2): Sort By, Categories with product counts, Budget Range,
 * Availability, Rating, Special Features and Clear All Filters. Every control changes the URL at
 * once. Rendered in the desktop sidebar and again inside the mobile drawer, so ids come from useId.
 */
import { useId } from 'react';
import type { CategoryLink } from '../../domain/catalogue/categories.ts';
import { FEATURE_OPTIONS, RATING_OPTIONS, SORT_OPTIONS, STOCK_OPTIONS, toggled, withQuery, type SortKey } from '../../domain/catalogue/query.ts';
import { clearedFilters } from '../../domain/catalogue/view.ts';
import { BudgetRange } from './BudgetRange.tsx';
import { CatalogueLink } from './CatalogueLink.tsx';
import { useCatalogueContext } from './catalogue-context.ts';

interface Props {
  categories: readonly CategoryLink[];
  /** What All Categories shows, once known. */
  allCount: number | undefined;
  /** Called after a category link was followed (the drawer closes). */
  onNavigated?: () => void;
}

const legend = 'mb-3 text-sm font-semibold text-ink';
const choice = 'flex items-center gap-2.5 py-1 text-sm text-ink';
const box = 'size-4 flex-none accent-brand-700';

/**
 * Category links work without JavaScript; the other controls change the list in the browser, so
 * they carry data-requires-js and BaseLayout's <noscript> style hides them.
 */
export function FilterPanel({ categories, allCount, onNavigated }: Props) {
  const { query, navigate } = useCatalogueContext();
  const id = useId();

  return (
    <div className="space-y-7">
      <div data-requires-js="">
        <label htmlFor={`${id}-sort`} className={`block ${legend}`}>
          Sort By
        </label>
        <select
          id={`${id}-sort`}
          value={query.sort}
          onChange={(event) => navigate(withQuery(query, { sort: event.target.value as SortKey }))}
          className="h-10 w-full rounded-lg border border-line bg-surface px-3 text-sm text-ink focus:border-brand-500"
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>

      <nav aria-labelledby={`${id}-categories`}>
        <h3 id={`${id}-categories`} className={legend}>
          Categories
        </h3>
        <ul className="space-y-0.5 text-sm">
          {[{ slug: null, name: 'All Categories', productCount: allCount }, ...categories].map((category) => (
            <li key={category.slug ?? ''}>
              <CatalogueLink
                to={withQuery(query, { category: category.slug })}
                onNavigated={onNavigated}
                aria-current={query.category === category.slug ? 'page' : undefined}
                className="flex items-center justify-between gap-2 rounded-md px-2 py-1.5 text-ink hover:bg-brand-50 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold aria-[current=page]:text-brand-800"
              >
                <span>{category.name}</span>
                {/* Empty until the island has the counts (use-category-counts.ts). */}
                <span className="rounded-full bg-muted px-2 text-xs text-ink-muted empty:hidden">{category.productCount}</span>
              </CatalogueLink>
            </li>
          ))}
        </ul>
      </nav>

      <div data-requires-js="">
        <BudgetRange />
      </div>

      <fieldset data-requires-js="">
        <legend className={legend}>Availability</legend>
        {STOCK_OPTIONS.map((option) => (
          <label key={option.value} className={choice}>
            <input
              type="checkbox"
              className={box}
              checked={query.availability.includes(option.value)}
              onChange={() => navigate(withQuery(query, { availability: toggled(query.availability, option.value) }))}
            />
            {option.label}
          </label>
        ))}
      </fieldset>

      <fieldset data-requires-js="">
        <legend className={legend}>Rating</legend>
        {[{ value: null, label: 'All Ratings' }, ...RATING_OPTIONS].map((option) => (
          <label key={option.value ?? 'all'} className={choice}>
            <input
              type="radio"
              name={`${id}-rating`}
              className={box}
              checked={query.rating === option.value}
              onChange={() => navigate(withQuery(query, { rating: option.value }))}
            />
            {option.label}
          </label>
        ))}
      </fieldset>

      <fieldset data-requires-js="">
        <legend className={legend}>Special Features</legend>
        {FEATURE_OPTIONS.map((option) => (
          <label key={option.value} className={choice}>
            <input
              type="checkbox"
              className={box}
              checked={query.features.includes(option.value)}
              onChange={() => navigate(withQuery(query, { features: toggled(query.features, option.value) }))}
            />
            {option.label}
          </label>
        ))}
      </fieldset>

      <button
        type="button"
        data-requires-js=""
        onClick={() => navigate(clearedFilters(query))}
        className="inline-flex h-10 w-full items-center justify-center rounded-full border border-line bg-surface px-4 text-sm font-semibold text-ink hover:bg-brand-50"
      >
        Clear All Filters
      </button>
    </div>
  );
}
