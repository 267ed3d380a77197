/**
 * Amazon product pages carry no schema.org Product: their fields live in well-known elements, read here from the
 * DOM: #productTitle, the a-price block (.a-offscreen, or .a-price-whole + .a-price-fraction), #landingImage's
 * data-old-hires / data-a-dynamic-image, #acrPopover or the star icon's text, #feature-bullets or
 * #productDescription, #availability, #bylineInfo, and the technical details tables.
 */
import { absoluteUrl, attr, byId, collapse, findAll, findOne, hasClass, tagName, textOf, type PageDocument, type PageElement } from './dom.ts';
import { availabilityOf, compact, type ScrapedFields } from './fields.ts';
import { acceptRating, parsePrice } from './price.ts';

/** Spec section 5: an Amazon description is cut to 500 characters. */
export const AMAZON_DESCRIPTION_LIMIT = 500;

/** An Amazon page: an Amazon host, or the page's own #productTitle (a marketplace clone or a saved page). */
export function isAmazonPage(document: PageDocument, pageUrl: string): boolean {
  let host = '';
  try {
    host = new URL(pageUrl).hostname.toLowerCase();
  } catch {
    // Not a URL: only the DOM can tell.
  }
  return /(?:^|\.)amazon\.[a-z.]+$/.test(host) || byId(document, 'productTitle') !== null;
}

function priceElement(document: PageDocument): PageElement | null {
  for (const id of ['corePriceDisplay_desktop_feature_div', 'corePrice_feature_div', 'corePrice_desktop', 'apex_desktop', 'price']) {
    const block = byId(document, id);
    const price = block && findOne(block, (element) => hasClass(element, 'a-price'));
    if (price) return price;
  }
  return findOne(document, (element) => hasClass(element, 'a-price'));
}

function amazonPrice(document: PageDocument) {
  const block = priceElement(document);
  if (block) {
    const offscreen = findOne(block, (element) => hasClass(element, 'a-offscreen'));
    const parsed = parsePrice(textOf(offscreen));
    if (parsed) return parsed;
    const whole = textOf(findOne(block, (element) => hasClass(element, 'a-price-whole'))).replace(/[.,]$/, '');
    const fraction = textOf(findOne(block, (element) => hasClass(element, 'a-price-fraction')));
    const symbol = textOf(findOne(block, (element) => hasClass(element, 'a-price-symbol')));
    if (whole) return parsePrice(`${symbol}${whole}${fraction ? `.${fraction}` : ''}`);
  }
  for (const id of ['priceblock_dealprice', 'priceblock_ourprice', 'priceblock_saleprice']) {
    const parsed = parsePrice(textOf(byId(document, id)));
    if (parsed) return parsed;
  }
  return null;
}

function amazonImage(document: PageDocument, base: string): string | undefined {
  const image = byId(document, 'landingImage') ?? byId(document, 'imgBlkFront') ?? byId(document, 'ebooksImgBlkFront');
  if (!image) return undefined;
  const hiRes = absoluteUrl(attr(image, 'data-old-hires'), base);
  if (hiRes) return hiRes;
  const dynamic = attr(image, 'data-a-dynamic-image');
  if (dynamic) {
    try {
      // A JSON map of image URL → [width, height]: the widest is the main picture.
      const sizes = JSON.parse(dynamic) as Record<string, [number, number]>;
      const widest = Object.entries(sizes).sort(([, a], [, b]) => (b?.[0] ?? 0) - (a?.[0] ?? 0))[0]?.[0];
      const url = absoluteUrl(widest, base);
      if (url) return url;
    } catch {
      // Not JSON: fall through to src.
    }
  }
  return absoluteUrl(attr(image, 'src'), base) ?? undefined;
}

function amazonRating(document: PageDocument): number | undefined {
  const popover = byId(document, 'acrPopover');
  const candidates = [attr(popover, 'title'), textOf(findOne(popover ?? document, (element) => hasClass(element, 'a-icon-alt')))];
  for (const candidate of candidates) {
    // "4.6 out of 5 stars" (or "4,6 von 5 Sternen"): the first number is the rating, the second the scale.
    const numbers = candidate?.match(/\d+(?:[.,]\d+)?/g);
    if (numbers?.[0]) return acceptRating(numbers[0], numbers[1]) ?? undefined;
  }
  return undefined;
}

function amazonDescription(document: PageDocument): string {
  const bullets = byId(document, 'feature-bullets');
  const items = bullets ? findAll(bullets, (element) => tagName(element) === 'li').map((item) => textOf(item)).filter(Boolean) : [];
  const text = items.length > 0 ? items.join(' ') : textOf(byId(document, 'productDescription'));
  return cutDescription(text);
}

/** Cut at a word boundary within the limit, with an ellipsis, so the text never ends mid-word. */
export function cutDescription(text: string, limit = AMAZON_DESCRIPTION_LIMIT): string {
  const clean = collapse(text);
  if (clean.length <= limit) return clean;
  const cut = clean.slice(0, limit - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > limit * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function amazonBrand(document: PageDocument): string | undefined {
  const byline = textOf(byId(document, 'bylineInfo'));
  if (!byline) return undefined;
  // "Visit the TheraGun Store" or "Brand: TheraGun": the words Amazon puts around the brand are not part of it.
  return collapse(byline.replace(/^visit the\s+/i, '').replace(/\s+store$/i, '').replace(/^brand:\s*/i, '')) || undefined;
}

function amazonSpecifications(document: PageDocument): Record<string, string> {
  const specifications: Record<string, string> = {};
  for (const id of ['productDetails_techSpec_section_1', 'productDetails_detailBullets_sections1', 'productOverview_feature_div', 'technicalSpecifications_section_1']) {
    const table = byId(document, id);
    if (!table) continue;
    for (const row of findAll(table, (element) => tagName(element) === 'tr')) {
      const cells = findAll(row, (element) => tagName(element) === 'th' || tagName(element) === 'td');
      const name = textOf(cells[0]);
      const value = textOf(cells[1]);
      if (name && value && cells.length >= 2 && specifications[name] === undefined) specifications[name.slice(0, 100)] = value.slice(0, 500);
    }
  }
  return specifications;
}

export function fieldsFromAmazon(document: PageDocument, base: string): ScrapedFields {
  const price = amazonPrice(document);
  return compact({
    name: textOf(byId(document, 'productTitle')),
    description: amazonDescription(document),
    price: price?.amount,
    currency: price?.currency ?? undefined,
    imageUrl: amazonImage(document, base),
    rating: amazonRating(document),
    availability: availabilityOf(textOf(byId(document, 'availability'))),
    brand: amazonBrand(document),
    specifications: amazonSpecifications(document),
  });
}
