/**
 * Open Graph and product meta tags (og:title, og:image, product:price:amount, og:price:amount, product:availability,
 * product:brand, product:retailer_item_id, twitter:*, and the plain description meta), then the page's own
 * <title> and main image as the last resort.
 */
import { absoluteUrl, attr, byId, collapse, findAll, findOne, tagName, textOf, type PageDocument, type PageElement } from './dom.ts';
import { availabilityOf, compact, type ScrapedFields } from './fields.ts';
import { parsePrice } from './price.ts';

/** Every <meta> by its property or name (lower-cased), first value kept. */
export function metaTags(document: PageDocument): Map<string, string> {
  const tags = new Map<string, string>();
  for (const meta of findAll(document, (element) => tagName(element) === 'meta')) {
    const key = (attr(meta, 'property') ?? attr(meta, 'name') ?? attr(meta, 'itemprop'))?.trim().toLowerCase();
    const content = attr(meta, 'content');
    if (key && content !== null && content.trim() !== '' && !tags.has(key)) tags.set(key, content.trim());
  }
  return tags;
}

export function fieldsFromMeta(tags: ReadonlyMap<string, string>, base: string): ScrapedFields {
  const pick = (...keys: string[]) => keys.map((key) => tags.get(key)).find((value) => value !== undefined);
  const priceText = pick('product:price:amount', 'og:price:amount', 'product:sale_price:amount', 'twitter:data1');
  const price = parsePrice(priceText);
  const currency = pick('product:price:currency', 'og:price:currency', 'product:sale_price:currency');
  return compact({
    name: collapse(pick('og:title', 'twitter:title') ?? ''),
    description: collapse(pick('og:description', 'twitter:description', 'description') ?? ''),
    imageUrl: absoluteUrl(pick('og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src'), base) ?? undefined,
    price: price?.amount,
    currency: currency?.toUpperCase() ?? price?.currency ?? undefined,
    availability: availabilityOf(pick('product:availability', 'og:availability')),
    brand: pick('product:brand', 'og:brand'),
    sku: pick('product:retailer_item_id', 'product:sku'),
  });
}

/** Icons, tracking pixels and sprites are not a product's picture. */
function plausibleImage(image: PageElement): boolean {
  const size = (name: string) => Number(attr(image, name) ?? NaN);
  if (size('width') <= 50 || size('height') <= 50) return false;
  const src = attr(image, 'src') ?? '';
  return src !== '' && !/^data:/i.test(src) && !/\.svg(?:[?#]|$)|sprite|pixel|logo|icon/i.test(src);
}

/** The page's main image: link rel=image_src, else the first plausible image inside main or article, else in the page. */
export function mainImage(document: PageDocument, base: string): string | undefined {
  const linked = findOne(document, (element) => tagName(element) === 'link' && (attr(element, 'rel') ?? '').toLowerCase().split(/\s+/).includes('image_src'));
  const fromLink = absoluteUrl(attr(linked, 'href'), base);
  if (fromLink) return fromLink;
  const main = findOne(document, (element) => tagName(element) === 'main' || tagName(element) === 'article') ?? byId(document, 'main');
  for (const scope of main ? [main, document] : [document]) {
    const image = findOne(scope, (element) => tagName(element) === 'img' && plausibleImage(element));
    const url = absoluteUrl(attr(image, 'src'), base);
    if (url) return url;
  }
  return undefined;
}

/** The last resort: the page's <title> (else its first h1) and main image. */
export function fieldsFromPage(document: PageDocument, base: string): ScrapedFields {
  const title = findOne(document, (element) => tagName(element) === 'title');
  const heading = findOne(document, (element) => tagName(element) === 'h1');
  return compact({ name: textOf(title) || textOf(heading), imageUrl: mainImage(document, base) });
}
