/**
 * The compact JSON the browser downloads: one file of cards per category, and one of search text.
 *
 * Cards are rows of positional values rather than objects, prices in cents and ratings in
 * hundredths, repeated strings (image URLs, call-to-action wording) listed once per shard, slugs
 * left out when they are the name slugified, and the shard's category given once. At 10,000
 * products this is about a third smaller than the same cards as objects, compressed.
 */
import type { CatalogueCategory, CatalogueProduct } from '../product-card.ts';
import { slugify } from '../slug.ts';
import { INDEX_FLAG, type IndexEntry } from './catalogue-index.ts';
import { shopperPrice, type CatalogueItem } from './pipeline.ts';
import type { SearchShard } from './search.ts';

import { CATALOGUE_DATA_PATH, CATALOGUE_FORMAT } from './manifest-file.ts';

// The manifest's file has a module of its own: a page reads it before any data file (use-category-counts.ts), and it
// must not bring the data files' code along.
export { CATALOGUE_DATA_PATH, CATALOGUE_FORMAT, CURRENT_MANIFEST_URL, encodeManifest, readManifestFile } from './manifest-file.ts';
export type { CatalogueManifest, CatalogueManifestFile } from './manifest-file.ts';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

const FLAG = {
  inStock: 1,
  featured: 2,
  bestSeller: 4,
  amazonChoice: 8,
  climatePledge: 16,
  fsaHsa: 32,
  limitedStock: 64,
} as const;
type FlagName = keyof typeof FLAG;
const OPTIONAL_FLAGS = ['featured', 'bestSeller', 'amazonChoice', 'climatePledge', 'fsaHsa', 'limitedStock'] as const satisfies readonly FlagName[];
/** The flags the catalogue's filters read. */
const INDEX_FLAG_NAMES = Object.keys(INDEX_FLAG) as (keyof typeof INDEX_FLAG & FlagName)[];

/**
 * One product: id, rank, nameRank, name, slug (0: the name slugified), price and sale price in
 * cents (sale null: no sale), image (index into images, -1: none), rating in hundredths (null:
 * unrated), flags, creation day (days since 1970, order comes from rank), buy link (null: none),
 * call to action (index into ctas, -1: the default), sales volume, rating count and deal end in
 * minutes since 1970 (0: none), then when the price was checked and when it goes stale, in minutes since 1970 (0: the
 * price is not shown; the stale minute rounded down, so a price is hidden early rather than late), then the editorial
 * award (0: none) and score in tenths (0: none), left off a row that has neither.
 */
export type CardRow = [
  id: number,
  rank: number,
  nameRank: number,
  name: string,
  slug: string | 0,
  priceCents: number,
  salePriceCents: number | null,
  image: number,
  ratingHundredths: number | null,
  flags: number,
  createdDay: number,
  affiliateUrl: string | null,
  cta: number,
  salesVolume: number,
  numRatings: number,
  dealEndsMinute: number,
  priceAsOfMinute: number,
  priceStaleMinute: number,
  award?: string | 0,
  scoreTenths?: number,
];

export interface CardShardFile {
  format: typeof CATALOGUE_FORMAT;
  category: CatalogueCategory | null;
  images: string[];
  ctas: string[];
  rows: CardRow[];
}

export interface SearchShardFile extends SearchShard {
  format: typeof CATALOGUE_FORMAT;
}

/**
 * Top Picks for every scope (all categories under '', then each category by slug), as cards.
 * Small (at most 14 cards a scope), so the Top Picks view never needs the card files.
 */
export interface PicksFile {
  format: typeof CATALOGUE_FORMAT;
  scopes: Record<string, { editorsChoice: CatalogueProduct[]; highestRated: CatalogueProduct[] }>;
}

/** The key of a Top Picks scope in PicksFile: '' for all categories. */
export function picksScope(category: string | null): string {
  return category ?? '';
}

/** Index of a value in a list of distinct values, adding it when new. */
function intern(list: string[], lookup: Map<string, number>, value: string): number {
  let index = lookup.get(value);
  if (index === undefined) {
    index = list.push(value) - 1;
    lookup.set(value, index);
  }
  return index;
}

const cents = (dollars: number) => Math.round(dollars * 100);

export function encodeCardShard(category: CatalogueCategory | null, items: readonly CatalogueItem[]): CardShardFile {
  const images: string[] = [];
  const ctas: string[] = [];
  const imageIndex = new Map<string, number>();
  const ctaIndex = new Map<string, number>();
  const rows = items.map(({ product, rank, nameRank }): CardRow => {
    let flags = product.inStock ? FLAG.inStock : 0;
    for (const name of OPTIONAL_FLAGS) if (product[name] === true) flags |= FLAG[name];
    const row: CardRow = [
      product.id,
      rank,
      nameRank,
      product.name,
      product.slug === slugify(product.name) ? 0 : product.slug,
      cents(product.price),
      product.salePrice === null ? null : cents(product.salePrice),
      product.imageUrl === null ? -1 : intern(images, imageIndex, product.imageUrl),
      product.rating === null ? null : Math.round(product.rating * 100),
      flags,
      Math.floor(product.createdAt / DAY_MS),
      product.affiliateUrl,
      product.cta === undefined ? -1 : intern(ctas, ctaIndex, product.cta),
      product.salesVolume ?? 0,
      product.numRatings ?? 0,
      product.dealEndsAt === undefined ? 0 : Math.round(product.dealEndsAt / MINUTE_MS),
      product.priceAsOf === undefined ? 0 : Math.floor(product.priceAsOf / MINUTE_MS),
      product.priceStaleAt === undefined ? 0 : Math.floor(product.priceStaleAt / MINUTE_MS),
    ];
    if (product.award !== undefined || product.score !== undefined) row.push(product.award ?? 0, product.score === undefined ? 0 : Math.round(product.score * 10));
    return row;
  });
  return { format: CATALOGUE_FORMAT, category, images, ctas, rows };
}

export function decodeCardShard(file: CardShardFile): CatalogueItem[] {
  checkFormat(file);
  return file.rows.map((row) => ({ product: decodeCardRow(file, row), rank: row[1], nameRank: row[2] }));
}

function checkFormat(file: { format: unknown }): void {
  if (file.format !== CATALOGUE_FORMAT) throw new Error(`Unsupported catalogue data format ${String(file.format)}`);
}

/** One card of a card file as a product (the browser makes only those it shows). */
export function decodeCardRow(file: CardShardFile, row: CardRow): CatalogueProduct {
  const category = file.category;
  const [id, , , name, slug, price, salePrice, image, rating, flags, createdDay, affiliateUrl, cta, salesVolume, numRatings, dealEnds, priceAsOf, priceStale, award, score] = row;
  const product: CatalogueProduct = {
    id,
    slug: slug === 0 ? slugify(name) : slug,
    name,
    price: price / 100,
    salePrice: salePrice === null ? null : salePrice / 100,
    imageUrl: image < 0 ? null : (file.images[image] ?? null),
    rating: rating === null ? null : rating / 100,
    inStock: (flags & FLAG.inStock) !== 0,
    category: category ? { name: category.name, slug: category.slug } : null,
    createdAt: createdDay * DAY_MS,
    affiliateUrl,
  };
  const ctaText = cta < 0 ? undefined : file.ctas[cta];
  if (ctaText !== undefined) product.cta = ctaText;
  if (salesVolume > 0) product.salesVolume = salesVolume;
  if (numRatings > 0) product.numRatings = numRatings;
  if (dealEnds > 0) product.dealEndsAt = dealEnds * MINUTE_MS;
  if (priceAsOf > 0 && priceStale > 0) {
    product.priceAsOf = priceAsOf * MINUTE_MS;
    product.priceStaleAt = priceStale * MINUTE_MS;
  }
  for (const flag of OPTIONAL_FLAGS) if ((flags & FLAG[flag]) !== 0) product[flag] = true;
  if (award) product.award = award;
  if (score) product.score = score / 10;
  return product;
}

/** What the catalogue index reads of one card (catalogue-index.ts), without making the product: the same values decodeCardRow gives. */
export function cardIndexEntry(file: CardShardFile, row: CardRow): IndexEntry {
  const [, rank, nameRank, name, , price, salePrice, , rating, flags] = row;
  let indexFlags = 0;
  for (const flag of INDEX_FLAG_NAMES) if ((flags & FLAG[flag]) !== 0) indexFlags |= INDEX_FLAG[flag];
  return {
    rank,
    nameRank,
    price: shopperPrice({ price: price / 100, salePrice: salePrice === null ? null : salePrice / 100 }),
    rating: rating === null ? null : rating / 100,
    flags: indexFlags,
    category: file.category?.slug ?? null,
    name,
  };
}

/** Checks a card file read from the network is one this code can read. */
export function readCardShard(file: CardShardFile): CardShardFile {
  checkFormat(file);
  return file;
}

export function encodeSearchShard(shard: SearchShard): SearchShardFile {
  return { format: CATALOGUE_FORMAT, blocks: shard.blocks, refs: shard.refs };
}

export function decodeSearchShard(file: SearchShardFile): SearchShard {
  checkFormat(file);
  return { blocks: file.blocks, refs: file.refs };
}


export function cardShardUrl(version: string, key: string): string {
  return `${CATALOGUE_DATA_PATH}/${version}/${key}.json`;
}

export function searchShardUrl(version: string, key: string): string {
  return `${CATALOGUE_DATA_PATH}/${version}/search/${key}.json`;
}

export function picksUrl(version: string): string {
  return `${CATALOGUE_DATA_PATH}/${version}/picks/all.json`;
}
