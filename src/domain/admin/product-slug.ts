/**
 * A new product's web address, /product/{slug} (spec section 5): the name lower-cased, disallowed characters removed
 * and spaces turned into single hyphens (src/domain/slug.ts), made unique with a numeric suffix (-2, -3 …), and never
 * a name a static page under /product/ already uses.
 */
import { slugify } from '../slug.ts';

/**
 * Slugs of the static pages in src/pages/product/ (index would be /product/ itself, not-found is the 404 page).
 * tests/unit/admin-product-slug.test.ts fails when a new static page there is missing from this list.
 */
export const RESERVED_PRODUCT_SLUGS: ReadonlySet<string> = new Set(['index', 'not-found']);

/** Long names make unreadable addresses; the cut falls on a hyphen where one is near. */
export const MAX_SLUG_LENGTH = 80;

/** What a name of only disallowed characters (e.g. '!!!' or '护膝') becomes: an address still needs a word. */
export const FALLBACK_SLUG = 'product';

/** The slug rule of spec section 5, cut to MAX_SLUG_LENGTH, never empty. */
export function productSlugBase(name: string): string {
  let slug = slugify(name);
  if (slug.length > MAX_SLUG_LENGTH) {
    const cut = slug.slice(0, MAX_SLUG_LENGTH);
    const hyphen = cut.lastIndexOf('-');
    slug = (hyphen > MAX_SLUG_LENGTH / 2 ? cut.slice(0, hyphen) : cut).replace(/-+$/, '');
  }
  return slug === '' ? FALLBACK_SLUG : slug;
}

export function isReservedProductSlug(slug: string): boolean {
  return RESERVED_PRODUCT_SLUGS.has(slug);
}

/**
 * The first of base, base-2, base-3 … that is neither taken nor reserved. `taken` holds the slugs in use that start
 * with the base (the server reads them in one query).
 */
export function uniqueProductSlug(base: string, taken: ReadonlySet<string>): string {
  const free = (slug: string) => !taken.has(slug) && !isReservedProductSlug(slug);
  if (free(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (free(candidate)) return candidate;
  }
}

/** Whether a slug already follows a name (its base, or its base with a numeric suffix): renaming it would change nothing. */
export function slugFollowsName(slug: string, name: string): boolean {
  const base = productSlugBase(name);
  return slug === base || new RegExp(`^${base}-\\d+$`).test(slug);
}
