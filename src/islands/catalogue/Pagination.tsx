/**
 * Page links under the product list (issue 9, point 1): Previous, numbered pages and Next, each a
 * real /products?…&page=N link, so they work without JavaScript and crawlers follow them; with
 * JavaScript they change the page in place and bring the list's top into view.
 */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { paginationItems } from '../../domain/catalogue/pagination.ts';
import { withQuery, type CatalogueQuery } from '../../domain/catalogue/query.ts';
import { CatalogueLink } from './CatalogueLink.tsx';

interface Props {
  /** The query shown; its page is replaced. */
  query: CatalogueQuery;
  page: number;
  pageCount: number;
  /** Where a page change scrolls back to. */
  scrollTarget: () => HTMLElement | null;
}

const item = 'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-full border px-3 text-sm font-semibold';
const link = `${item} border-line bg-surface text-ink hover:border-brand-300 hover:bg-brand-50 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white`;
const disabled = `${item} border-line bg-surface text-ink-muted opacity-50`;

export function Pagination({ query, page, pageCount, scrollTarget }: Props) {
  if (pageCount <= 1) return null;
  const to = (n: number) => withQuery(query, { page: n });
  return (
    <nav aria-label="Pagination" className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {page > 1 ? (
            <CatalogueLink to={to(page - 1)} rel="prev" scrollTarget={scrollTarget} className={link}>
              <ChevronLeft aria-hidden="true" size={16} />
              Previous
            </CatalogueLink>
          ) : (
            <span aria-disabled="true" className={disabled}>
              <ChevronLeft aria-hidden="true" size={16} />
              Previous
            </span>
          )}
        </li>
        {paginationItems(page, pageCount).map((entry) =>
          entry.kind === 'gap' ? (
            <li key={entry.key} aria-hidden="true" className="px-1 text-ink-muted">
              …
            </li>
          ) : (
            <li key={entry.page}>
              <CatalogueLink
                to={to(entry.page)}
                scrollTarget={scrollTarget}
                aria-current={entry.current ? 'page' : undefined}
                aria-label={`Page ${entry.page}`}
                className={link}
              >
                {entry.page}
              </CatalogueLink>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <CatalogueLink to={to(page + 1)} rel="next" scrollTarget={scrollTarget} className={link}>
              Next
              <ChevronRight aria-hidden="true" size={16} />
            </CatalogueLink>
          ) : (
            <span aria-disabled="true" className={disabled}>
              Next
              <ChevronRight aria-hidden="true" size={16} />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
