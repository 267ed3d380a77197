/**
 * A product read from a retailer's page (issue 11, point 2; spec sections 3 and 5): the HTML and the page's URL in,
 * the scraped product or "no scrape" out. No I/O here: the server fetches the page (src/server/outbound) and calls this.
 *
 * Sources in order of trust, each field taken from the first source that has it: schema.org Product JSON-LD,
 * microdata, Amazon's own elements (on Amazon pages), Open Graph and product meta tags, then the page's <title> and
 * main image. Acceptance (spec section 5): a page under 1000 characters, or a name under 5 characters or
 * 'Unknown Product', is no scrape.
 */
import { DomUtils } from 'htmlparser2';
import { MAX_NAME_LENGTH } from '../product-form.ts';
import { AMAZON_DESCRIPTION_LIMIT, cutDescription, fieldsFromAmazon, isAmazonPage } from './amazon.ts';
import { attr, findAll, parsePage, tagName } from './dom.ts';
import type { ScrapedFields } from './fields.ts';
import { fieldsFromMeta, fieldsFromPage, metaTags } from './meta.ts';
import { microdataProducts } from './microdata.ts';
import { fieldsFromJsonLd, fieldsFromProduct } from './schema-org.ts';

export const MIN_PAGE_LENGTH = 1000;
export const MIN_NAME_LENGTH = 5;
export const UNKNOWN_PRODUCT = 'Unknown Product';
/** Descriptions of other shops are kept to a readable summary too, just longer than Amazon's. */
export const MAX_DESCRIPTION_LENGTH = 5000;

export const scrapeSources = ['json-ld', 'microdata', 'amazon', 'meta', 'page'] as const;
export type ScrapeSource = (typeof scrapeSources)[number];

export interface ScrapedProduct {
  name: string;
  /** Plain text; see descriptionHtml for what is stored. */
  description: string;
  price: number | null;
  currency: string | null;
  imageUrl: string | null;
  /** In (0, 5], else null. */
  rating: number | null;
  /** Null when the page does not say. */
  availability: boolean | null;
  specifications: Record<string, string>;
  brand: string | null;
  sku: string | null;
  /** Where the name came from: the strongest source that knew the product. */
  source: ScrapeSource;
}

export const noScrapeReasons = ['page-too-short', 'no-name'] as const;
export type NoScrapeReason = (typeof noScrapeReasons)[number];

export const noScrapeMessages: Record<NoScrapeReason, string> = {
  'page-too-short': `The page has fewer than ${MIN_PAGE_LENGTH} characters, so it holds no product to read.`,
  'no-name': `No product name of at least ${MIN_NAME_LENGTH} characters was found on the page.`,
};

export type ScrapeResult = { ok: true; product: ScrapedProduct } | { ok: false; reason: NoScrapeReason; message: string };

function noScrape(reason: NoScrapeReason): ScrapeResult {
  return { ok: false, reason, message: noScrapeMessages[reason] };
}

/** The spec's name rule: at least 5 characters and not the placeholder 'Unknown Product'. */
export function isAcceptableName(name: string | null | undefined): name is string {
  const trimmed = name?.trim() ?? '';
  return trimmed.length >= MIN_NAME_LENGTH && trimmed.toLowerCase() !== UNKNOWN_PRODUCT.toLowerCase();
}

function jsonLdBlocks(document: ReturnType<typeof parsePage>): string[] {
  return findAll(document, (element) => tagName(element) === 'script' && (attr(element, 'type') ?? '').trim().toLowerCase() === 'application/ld+json').map((script) =>
    DomUtils.textContent(script),
  );
}

export function extractProduct(html: string, pageUrl: string): ScrapeResult {
  if (html.length < MIN_PAGE_LENGTH) return noScrape('page-too-short');
  const document = parsePage(html);
  const amazon = isAmazonPage(document, pageUrl);

  const sources: [ScrapeSource, ScrapedFields][] = [
    ['json-ld', fieldsFromJsonLd(jsonLdBlocks(document), pageUrl)],
    ['microdata', microdataProducts(document, pageUrl).map((node) => fieldsFromProduct(node, pageUrl)).find((fields) => fields.name) ?? {}],
    ['amazon', amazon ? fieldsFromAmazon(document, pageUrl) : {}],
    ['meta', fieldsFromMeta(metaTags(document), pageUrl)],
    ['page', fieldsFromPage(document, pageUrl)],
  ];

  const named = sources.find(([, fields]) => isAcceptableName(fields.name));
  if (!named) return noScrape('no-name');
  const pick = <K extends keyof ScrapedFields>(key: K): ScrapedFields[K] => sources.map(([, fields]) => fields[key]).find((value) => value !== undefined);

  const specifications: Record<string, string> = {};
  for (const [, fields] of [...sources].reverse()) Object.assign(specifications, fields.specifications);

  const description = pick('description') ?? '';
  return {
    ok: true,
    product: {
      name: named[1].name!.trim().slice(0, MAX_NAME_LENGTH).trim(),
      description: cutDescription(description, amazon ? AMAZON_DESCRIPTION_LIMIT : MAX_DESCRIPTION_LENGTH),
      price: pick('price') ?? null,
      currency: pick('currency') ?? null,
      imageUrl: pick('imageUrl') ?? null,
      rating: pick('rating') ?? null,
      availability: pick('availability') ?? null,
      specifications,
      brand: pick('brand')?.slice(0, 100) ?? null,
      sku: pick('sku')?.slice(0, 64) ?? null,
      source: named[0],
    },
  };
}

/** What a page's structured data (schema.org JSON-LD, then microdata) says of its offer, or null when it gives no price. */
export interface StructuredOffer {
  price: number;
  /** Null when the page's data does not say. */
  availability: boolean | null;
}

/**
 * The price and stock a retailer's page states in its structured data, for the link checker's visit. Only structured
 * data counts: a price guessed from meta tags or the page's text is not a check a shopper can rely on.
 */
export function structuredOffer(html: string, pageUrl: string): StructuredOffer | null {
  if (html.length < MIN_PAGE_LENGTH) return null;
  const document = parsePage(html);
  const candidates = [fieldsFromJsonLd(jsonLdBlocks(document), pageUrl), ...microdataProducts(document, pageUrl).map((node) => fieldsFromProduct(node, pageUrl))];
  const found = candidates.find((fields) => typeof fields.price === 'number' && Number.isFinite(fields.price) && fields.price > 0);
  return found ? { price: found.price!, availability: found.availability ?? null } : null;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The description as stored (products.description is HTML): the scraped text escaped in one paragraph, or ''. */
export function descriptionHtml(text: string): string {
  const clean = text.trim();
  return clean === '' ? '' : `<p>${clean.replace(/[&<>"']/g, (character) => ESCAPES[character]!)}</p>`;
}
