/** Small product rules shared by cards and the detail page (spec sections 2, 5 and 9). */

export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';
export const DEFAULT_CTA = 'Buy Now';
/** The catalogue shows at most this many products (spec section 9). */
export const CATALOGUE_LIMIT = 200;

/** Every public product list shows only available products (spec section 7: availability true). */
export function isListed(product: { availability: boolean }): boolean {
  return product.availability;
}

/** The catalogue's default view: listed and in stock (spec section 4: availability defaults to in-stock only). */
export function isInDefaultCatalogue(product: { availability: boolean; inStock: boolean }): boolean {
  return product.availability && product.inStock;
}

/**
 * Strips that promote products (New Arrivals and the like) show only what a shopper can buy now:
 * listed and in stock (issue 9, point 3).
 */
export function isPromotable(product: { availability: boolean; inStock: boolean }): boolean {
  return product.availability && product.inStock;
}

/** An outbound link we are willing to render: http(s) only, so a bad row cannot become a `javascript:` link. */
export function safeExternalUrl(url: string | null | undefined): string | null {
  const trimmed = url?.trim();
  if (!trimmed) return null;
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? trimmed : null;
  } catch {
    return null;
  }
}

/** A sale applies only when a sale price is set and is below the regular price (spec section 5). */
export function isOnSale(price: number, salePrice: number | null | undefined): salePrice is number {
  return typeof salePrice === 'number' && Number.isFinite(salePrice) && salePrice >= 0 && salePrice < price;
}

/** What the shopper pays: the sale price when a sale applies, else the price. */
export function effectivePrice(price: number, salePrice: number | null | undefined): number {
  return isOnSale(price, salePrice) ? salePrice : price;
}

/** Rounded percentage saved, or 0 when no sale applies. */
export function discountPercent(price: number, salePrice: number | null | undefined): number {
  if (!isOnSale(price, salePrice) || price <= 0) return 0;
  return Math.round(((price - salePrice) / price) * 100);
}

/**
 * An image address as public pages load it: http:// becomes https://. The pages' Content-Security-Policy loads images
 * only from the site, data: or https: (and browsers upgrade such mixed content anyway), while a scraped page, a CSV
 * or an admin may give an http:// address.
 */
export function secureImageUrl(url: string): string {
  return /^http:\/\//i.test(url) ? `https://${url.slice('http://'.length)}` : url;
}

/** The product image (as secureImageUrl gives it), or the placeholder when none is stored. */
export function productImage(imageUrl: string | null | undefined): string {
  const url = imageUrl?.trim();
  return url ? secureImageUrl(url) : PLACEHOLDER_IMAGE;
}

/** The buy button's wording: `attributes.cta` when it is non-empty text, else 'Buy Now'. */
export function ctaText(attributes: Record<string, unknown>): string {
  const cta = attributes['cta'];
  return typeof cta === 'string' && cta.trim() ? cta.trim() : DEFAULT_CTA;
}

/** A rating clamped to 0–5, or null when there is none, for stars and the "x/5" figure. */
export function normalizeRating(rating: number | null | undefined): number | null {
  if (typeof rating !== 'number' || !Number.isFinite(rating)) return null;
  return Math.min(5, Math.max(0, rating));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * Plain text from stored (sanitized) HTML, collapsed and cut at a word boundary,
 * for meta descriptions and excerpts. Not a sanitizer: the output is escaped where it is used.
 */
export function plainTextSummary(html: string, maxLength = 160): string {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#?\w+);/g, (entity, name: string) => ENTITIES[name.toLowerCase()] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** Newest first by creation time, then by id so equal timestamps keep a stable order. */
export function compareNewest(a: { createdAt: Date; id: number }, b: { createdAt: Date; id: number }): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;
}
