/** What each source of a page can tell about its product; the extractor merges them in order of trust. */
export interface ScrapedFields {
  name?: string;
  /** Plain text: markup a shop put in its description is read as text, never kept. */
  description?: string;
  price?: number;
  currency?: string;
  imageUrl?: string;
  /** In (0, 5]. */
  rating?: number;
  availability?: boolean;
  specifications?: Record<string, string>;
  brand?: string;
  sku?: string;
}

/** Drops empty strings and empty maps, so an empty field never hides a later source's value. */
export function compact(fields: ScrapedFields): ScrapedFields {
  const out: ScrapedFields = {};
  for (const [key, value] of Object.entries(fields) as [keyof ScrapedFields, ScrapedFields[keyof ScrapedFields]][]) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    if (typeof value === 'object' && Object.keys(value).length === 0) continue;
    (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

/** availability texts of schema.org (InStock, https://schema.org/OutOfStock), Open Graph ('in stock', 'oos') and shops. */
export function availabilityOf(text: string | null | undefined): boolean | undefined {
  if (!text) return undefined;
  const word = text.trim().toLowerCase().replace(/^https?:\/\/schema\.org\//, '').replace(/^schema:/, '').replace(/[\s_-]+/g, '');
  if (['instock', 'instoreonly', 'onlineonly', 'limitedavailability', 'presale', 'preorder', 'backorder', 'available', 'true', 'yes'].includes(word)) return true;
  if (['outofstock', 'soldout', 'discontinued', 'oos', 'unavailable', 'currentlyunavailable', 'false', 'no'].includes(word)) return false;
  if (/^instock|^in stock|only \d+ left/i.test(text.trim())) return true;
  if (/out of stock|currently unavailable|sold out/i.test(text)) return false;
  return undefined;
}
