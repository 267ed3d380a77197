/**
 * The catalogue island's code in three parts, so that a page ships only what it hydrates (ARCHITECTURE section 9: a
 * catalogue page ships at most 100 KB of JavaScript): the island itself (CatalogueApp.tsx: heading, search, quiz
 * banner, category browser), the list view (CatalogueListView.tsx: filters, the list's heading and count, pagination)
 * and the card parts (card-parts.ts: a computed grid, Trending, Top Picks' carousels).
 *
 * A list page hydrates over its grid and Trending strip, static HTML, so it loads the list view with the page
 * (CatalogueAppForLists.tsx) and the card parts only for a view it computes; a Top Picks page hydrates its carousels and no
 * filters, so it loads the card parts with the page (CatalogueAppForTopPicks.tsx). Computing any view needs the data code,
 * which loads on the shopper's first intent; use-catalogue.ts loads whichever part is missing beside it, so a view is
 * never computed before the code that draws it is here.
 */
import { onDemand } from '../load-on-intent.ts';
import type * as CardParts from './card-parts.ts';
import type * as ListParts from './CatalogueListView.tsx';

export interface ViewPart<T> {
  /** The part, once here: with the page or loaded. */
  readonly value: T | undefined;
  load(): Promise<T>;
  /** The island's entry for a page that hydrates this part hands it over before the island renders. */
  withPage(code: T): void;
}

export function viewPart<T>(importer: () => Promise<T>): ViewPart<T> {
  const onIntent = onDemand(importer);
  let withPage: T | undefined;
  return {
    get value() {
      return withPage ?? onIntent.value;
    },
    load: () => (withPage ? Promise.resolve(withPage) : onIntent.load()),
    withPage(code) {
      withPage = code;
    },
  };
}

export const listParts = viewPart<typeof ListParts>(() => import('./CatalogueListView.tsx'));
export const cardParts = viewPart<typeof CardParts>(() => import('./card-parts.ts'));

/** Both parts, for a view about to be computed. */
export function loadViewParts(): Promise<unknown> {
  return Promise.all([listParts.load(), cardParts.load()]);
}
