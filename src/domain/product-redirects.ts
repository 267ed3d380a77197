/**
 * A renamed product's old address answers 301 with its page's address (spec: /product/{slug} is the product's page).
 * Only for a product that has a page in this build (a draft's old address is a 404 like its page), and never for an
 * address that is a page itself: another product took the slug, and its page wins.
 */
export interface RedirectSource {
  oldSlug: string;
  slug: string;
}

const PRODUCT_PREFIX = '/product/';

/** The `_redirects` lines, from the redirects stored and the pages the site has (paths with a leading slash). */
export function productRedirectRules(redirects: readonly RedirectSource[], pages: ReadonlySet<string>): string[] {
  return redirects
    .filter(({ oldSlug, slug }) => oldSlug !== slug && pages.has(`${PRODUCT_PREFIX}${slug}`) && !pages.has(`${PRODUCT_PREFIX}${oldSlug}`))
    .map(({ oldSlug, slug }) => `${PRODUCT_PREFIX}${encodeURIComponent(oldSlug)}  ${PRODUCT_PREFIX}${encodeURIComponent(slug)}  301`);
}
