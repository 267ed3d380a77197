/**
 * How a scraped page becomes a product (issue 11): the product form's input for add-by-link (a good scrape, or the
 * spec's fallback: a name from the URL's path, price 0, no image), and the fields a scrape may fill in a product the
 * CSV import made without them. Pure; the server writes what these give.
 */
import { DEFAULT_CTA } from '../product.ts';
import { NEEDS_REVIEW_ATTRIBUTE, productNameFromUrl } from './needs-review.ts';
import type { ProductInput } from './product-form.ts';
import { descriptionHtml, type ScrapedProduct } from './scrape/index.ts';

/** attributes key: where the product's data was read from (source and URL), or why it could not be. */
export const SCRAPE_ATTRIBUTE = 'scrape';

export interface ScrapeRecord {
  /** 'json-ld', 'microdata', 'amazon', 'meta', 'page' after a good scrape; else the failure's code. */
  outcome: string;
  message?: string;
  url: string;
  at: string;
}

/** A product with nothing but its link: every field at the form's default (the base of add by link's products). */
export function emptyProductInput(affiliateUrl: string): ProductInput {
  return {
    name: '',
    affiliateUrl,
    description: '',
    price: 0,
    salePrice: null,
    imageUrl: null,
    galleryImageUrls: [],
    rating: null,
    categoryId: null,
    availability: true,
    inStock: true,
    specifications: '',
    tags: [],
    cta: DEFAULT_CTA,
    affiliateNetwork: null,
    commissionRate: null,
    sku: null,
    asin: null,
    brand: null,
    status: 'active',
    featured: false,
  };
}

/** The product a good scrape makes: active, with every field the page gave. */
export function productInputFromScrape(scraped: ScrapedProduct, affiliateUrl: string): ProductInput {
  return {
    ...emptyProductInput(affiliateUrl),
    name: scraped.name,
    description: descriptionHtml(scraped.description),
    price: scraped.price ?? 0,
    imageUrl: scraped.imageUrl,
    rating: scraped.rating,
    availability: scraped.availability ?? true,
    inStock: scraped.availability ?? true,
    specifications: Object.keys(scraped.specifications).length > 0 ? JSON.stringify(scraped.specifications) : '',
    sku: scraped.sku,
    brand: scraped.brand,
  };
}

/** The spec's fallback when the page could not be read: a draft named from the URL's path, price 0, no image. */
export function fallbackProductInput(affiliateUrl: string): ProductInput {
  return { ...emptyProductInput(affiliateUrl), name: productNameFromUrl(affiliateUrl), status: 'draft' };
}

/** Attributes a scrape adds beside the form's: the page's currency, the record of the scrape, and the review mark of a fallback. */
export function scrapeAttributes(record: ScrapeRecord, scraped: ScrapedProduct | null): Record<string, unknown> {
  const attributes: Record<string, unknown> = { [SCRAPE_ATTRIBUTE]: record };
  if (scraped?.currency) attributes.currency = scraped.currency;
  if (!scraped) attributes[NEEDS_REVIEW_ATTRIBUTE] = 'scrape-failed';
  return attributes;
}

/** The stored fields a CSV-imported product may lack. */
export interface FillableProduct {
  name: string;
  description: string;
  price: number;
  imageUrl: string | null;
  rating: number | null;
  specifications: Record<string, unknown>;
  attributes: Record<string, unknown>;
}

export interface FilledFields {
  name?: string;
  /** HTML, still to be sanitized by the server. */
  description?: string;
  price?: number;
  imageUrl?: string;
  rating?: number;
  specifications?: Record<string, unknown>;
  attributes: Record<string, unknown>;
}

/**
 * What a scrape fills in a product an import left incomplete: only what the row left empty (a name that is the
 * URL-path guess counts as empty, price 0 as no price), specifications merged under the row's own; availability is
 * left alone (the row's 'true' default cannot be told from a chosen value). The review mark is cleared, the scrape recorded.
 */
export function fillFromScrape(stored: FillableProduct, scraped: ScrapedProduct, record: ScrapeRecord, affiliateUrl: string): FilledFields {
  const filled: FilledFields = { attributes: { ...stored.attributes, [SCRAPE_ATTRIBUTE]: record } };
  delete filled.attributes[NEEDS_REVIEW_ATTRIBUTE];
  const guessed = stored.name.trim() === '' || stored.name === productNameFromUrl(affiliateUrl);
  if (guessed) filled.name = scraped.name;
  if (stored.description.trim() === '' && scraped.description !== '') filled.description = descriptionHtml(scraped.description);
  if (stored.price === 0 && scraped.price !== null && scraped.price > 0) filled.price = scraped.price;
  if (!stored.imageUrl && scraped.imageUrl) filled.imageUrl = scraped.imageUrl;
  if (stored.rating === null && scraped.rating !== null) filled.rating = scraped.rating;
  if (Object.keys(scraped.specifications).length > 0) filled.specifications = { ...scraped.specifications, ...stored.specifications };
  if (scraped.brand && !stored.attributes.brand) filled.attributes.brand = scraped.brand;
  if (scraped.sku && !stored.attributes.sku) filled.attributes.sku = scraped.sku;
  if (scraped.currency && !stored.attributes.currency) filled.attributes.currency = scraped.currency;
  return filled;
}
