/**
 * Honest catalogue pages without JavaScript (issue 9, point 5). Searching, sorting and filtering
 * run in the browser; a static page can only show a pre-rendered view. So for a query it cannot
 * answer, the host serves a copy of the view that says so in one line above the list (a Netlify
 * rewrite matched on the parameter's name, see src/integrations/catalogue-rewrites.ts), instead of
 * a heading that claims a result. With JavaScript the island answers the query and the line stays
 * hidden (it is shown only by a <noscript> style).
 */
import { CATALOGUE_PATH } from './query.ts';

export const NO_JS_KINDS = ['search', 'filters', 'sort'] as const;
export type NoJsKind = (typeof NO_JS_KINDS)[number];

/** The query parameters each kind stands for; a request carrying any of them gets that kind's page. */
export const NO_JS_PARAMS: Readonly<Record<NoJsKind, readonly string[]>> = {
  search: ['search'],
  filters: ['min_price', 'max_price', 'rating', 'availability', 'features'],
  sort: ['sort'],
};

/** The one line above the list: what the static page could not do, and what it shows instead. */
export function noJsNotice(kind: NoJsKind, categoryName: string | null): string {
  const scope = categoryName ? `${categoryName} products` : 'products';
  switch (kind) {
    case 'search':
      return `Search needs JavaScript; showing all ${scope}`;
    case 'filters':
      return `Filters need JavaScript; showing all in-stock ${scope}`;
    case 'sort':
      return 'Sorting needs JavaScript; showing newest first';
  }
}

const SEGMENT = 'no-js';

/** Where the notice copy of a list view is built: /products/no-js/{kind}, /products/category/{slug}/no-js/{kind}. */
export function noJsPagePath(category: string | null, kind: NoJsKind): string {
  return `${category ? `${CATALOGUE_PATH}/category/${category}` : CATALOGUE_PATH}/${SEGMENT}/${kind}`;
}

/** The view and kind of a notice copy, from its path; null for any other path. */
export function noJsPageOf(pathname: string): { category: string | null; kind: NoJsKind } | null {
  const parts = pathname.replace(/^\/+|\/+$/g, '').split('/');
  const kind = NO_JS_KINDS.find((entry) => entry === parts[parts.length - 1]);
  if (!kind || parts[parts.length - 2] !== SEGMENT || parts[0] !== CATALOGUE_PATH.slice(1)) return null;
  if (parts.length === 3) return { category: null, kind };
  if (parts.length === 5 && parts[1] === 'category' && parts[2]) return { category: decodeURIComponent(parts[2]), kind };
  return null;
}
