/**
 * schema.org Product data, from JSON-LD (as parsed JSON) or from microdata (converted to the same shape by
 * microdata.ts): name, description, image, brand, sku, offers (Offer, AggregateOffer, priceSpecification),
 * aggregateRating and additionalProperty.
 */
import { collapse, isPageElement, parsePage, textOf } from './dom.ts';
import { availabilityOf, compact, type ScrapedFields } from './fields.ts';
import { acceptRating, parsePrice } from './price.ts';

export type SchemaNode = Record<string, unknown>;

const PRODUCT_TYPES = new Set(['product', 'productgroup', 'productmodel', 'individualproduct', 'someproducts', 'vehicle', 'car']);

function isNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** '@type' as bare lower-case names: "Product", ["Product", "Thing"], "schema:Product", "http://schema.org/Product". */
export function typesOf(node: SchemaNode): string[] {
  const raw = node['@type'] ?? node.type;
  const list = Array.isArray(raw) ? raw : [raw];
  return list.filter((type): type is string => typeof type === 'string').map((type) => type.replace(/^.*[/:#]/, '').toLowerCase());
}

export function isProduct(node: SchemaNode): boolean {
  return typesOf(node).some((type) => PRODUCT_TYPES.has(type));
}

/** Every Product node in a JSON-LD value, depth first: top-level arrays, @graph, and nodes nested under others (mainEntity, itemListElement). */
export function productNodes(value: unknown, depth = 0): SchemaNode[] {
  if (depth > 8) return [];
  if (Array.isArray(value)) return value.flatMap((item) => productNodes(item, depth + 1));
  if (!isNode(value)) return [];
  if (isProduct(value)) return [value];
  return Object.entries(value).flatMap(([key, inner]) => (key === '@context' ? [] : productNodes(inner, depth + 1)));
}

function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

/** A schema.org text value: a string, a number, a {@value}, or a node's name. */
function text(value: unknown): string | undefined {
  const item = first(value);
  if (typeof item === 'string') return item;
  if (typeof item === 'number' && Number.isFinite(item)) return String(item);
  if (isNode(item)) return text(item['@value'] ?? item.name);
  return undefined;
}

/** Shop descriptions sometimes carry markup or entities: read them as the text a reader would see. */
export function plainText(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  // Parsed as an HTML fragment, so tags become structure and entities characters; only the text is kept.
  return textOf(parsePage(`<div>${value}</div>`).children.filter(isPageElement));
}

function imageUrl(value: unknown, base: string): string | undefined {
  const item = first(value);
  const raw = typeof item === 'string' ? item : isNode(item) ? text(item.contentUrl ?? item.url ?? item['@id']) : undefined;
  if (!raw) return undefined;
  try {
    const url = new URL(raw.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

interface OfferFields {
  price?: number;
  currency?: string;
  availability?: boolean;
}

function offerFields(value: unknown): OfferFields {
  const offers = (Array.isArray(value) ? value : [value]).filter(isNode);
  for (const offer of offers) {
    const nested = offer.offers ? offerFields(offer.offers) : {};
    const specification = first(offer.priceSpecification);
    const rawPrice = offer.price ?? offer.lowPrice ?? (isNode(specification) ? specification.price : undefined) ?? offer.highPrice;
    const priceText = text(rawPrice);
    const parsed = parsePrice(typeof rawPrice === 'number' ? rawPrice : priceText);
    const currency = text(offer.priceCurrency) ?? (isNode(specification) ? text(specification.priceCurrency) : undefined) ?? parsed?.currency ?? undefined;
    const availability = availabilityOf(text(offer.availability));
    if (parsed) return { price: parsed.amount, currency: currency?.toUpperCase(), availability: availability ?? nested.availability };
    if (nested.price !== undefined) return nested;
    if (availability !== undefined) return { availability };
  }
  return {};
}

function specificationsOf(node: SchemaNode): Record<string, string> {
  const specifications: Record<string, string> = {};
  const properties = Array.isArray(node.additionalProperty) ? node.additionalProperty : [node.additionalProperty];
  for (const property of properties.filter(isNode)) {
    const name = text(property.name)?.trim();
    const value = text(property.value)?.trim();
    const unit = text(property.unitText ?? property.unitCode)?.trim();
    if (name && value) specifications[name.slice(0, 100)] = (unit ? `${value} ${unit}` : value).slice(0, 500);
  }
  for (const key of ['color', 'material', 'size', 'weight', 'model', 'mpn', 'gtin13', 'gtin12', 'gtin']) {
    const value = text(node[key]);
    if (value && specifications[key] === undefined) specifications[key] = collapse(value).slice(0, 500);
  }
  return specifications;
}

/** The fields a Product node gives. */
export function fieldsFromProduct(node: SchemaNode, base: string): ScrapedFields {
  const offers = offerFields(node.offers);
  const aggregate = first(node.aggregateRating);
  const review = first(node.review);
  const reviewRating = isNode(review) ? first(review.reviewRating) : undefined;
  const ratingNode = isNode(aggregate) ? aggregate : isNode(reviewRating) ? reviewRating : undefined;
  return compact({
    name: plainText(text(node.name)),
    description: plainText(text(node.description)),
    price: offers.price,
    currency: offers.currency,
    availability: offers.availability,
    imageUrl: imageUrl(node.image, base),
    rating: ratingNode ? (acceptRating(text(ratingNode.ratingValue), text(ratingNode.bestRating)) ?? undefined) : undefined,
    brand: plainText(text(node.brand ?? node.manufacturer)),
    sku: text(node.sku ?? node.productID ?? node.mpn)?.trim(),
    specifications: specificationsOf(node),
  });
}

/** The first Product among the page's JSON-LD blocks that has a name (a ProductGroup's variants come after it). */
export function fieldsFromJsonLd(blocks: readonly string[], base: string): ScrapedFields {
  for (const block of blocks) {
    let parsed: unknown;
    try {
      // Some shops wrap the JSON in an HTML comment or CDATA; neither is part of the JSON.
      parsed = JSON.parse(block.trim().replace(/^<!--|-->$/g, '').replace(/^\/\*<!\[CDATA\[\*\/|\/\*\]\]>\*\/$/g, ''));
    } catch {
      continue;
    }
    for (const node of productNodes(parsed)) {
      const fields = fieldsFromProduct(node, base);
      if (fields.name) return fields;
    }
  }
  return {};
}
