/**
 * The catalogue as data: every listed product in newest-first order with its ranks, split into
 * one shard per category. Built once at build time; the browser rebuilds the same items from the
 * shards it downloads (data-format.ts), so both sides run the pipeline on identical input.
 */
import type { CatalogueCategory, CatalogueProduct } from '../product-card.ts';
import type { CatalogueItem } from './pipeline.ts';

/** The shard of products without a category. Category slugs are slugified, so they never start with '_'. */
export const NO_CATEGORY_SHARD = '_none';

export function shardKey(categorySlug: string | null | undefined): string {
  return categorySlug ? categorySlug : NO_CATEGORY_SHARD;
}

/** Newest first by creation time, then by id (the catalogue's default order, spec section 9). */
export function compareNewestProducts(a: Pick<CatalogueProduct, 'createdAt' | 'id'>, b: Pick<CatalogueProduct, 'createdAt' | 'id'>): number {
  return b.createdAt - a.createdAt || b.id - a.id;
}

const nameCollator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The listed products as pipeline items: ordered newest first, each with its newest and name ranks. */
export function buildCatalogueItems(products: readonly CatalogueProduct[]): CatalogueItem[] {
  const newest = [...products].sort(compareNewestProducts);
  const items: CatalogueItem[] = newest.map((product, rank) => ({ product, rank, nameRank: 0 }));
  const byName = [...items].sort((a, b) => nameCollator.compare(a.product.name, b.product.name) || a.rank - b.rank);
  byName.forEach((item, nameRank) => {
    item.nameRank = nameRank;
  });
  return items;
}

export interface CatalogueShard {
  key: string;
  category: CatalogueCategory | null;
  /** The category's items, newest first. */
  items: CatalogueItem[];
}

/** One shard per category that has listed products (plus one for products without a category), in first-seen order. */
export function groupIntoShards(items: readonly CatalogueItem[]): CatalogueShard[] {
  const shards = new Map<string, CatalogueShard>();
  for (const item of items) {
    const key = shardKey(item.product.category?.slug);
    let shard = shards.get(key);
    if (!shard) {
      shard = { key, category: item.product.category, items: [] };
      shards.set(key, shard);
    }
    shard.items.push(item);
  }
  return [...shards.values()];
}

/** Merges shards back into one newest-first list (the browser's view of whatever shards it holds). */
export function mergeShards(shards: readonly (readonly CatalogueItem[])[]): CatalogueItem[] {
  return shards.flat().sort((a, b) => a.rank - b.rank);
}

/**
 * A short, stable fingerprint of text (cyrb53), to version the data files: a page reads the files
 * of one build at a time, whatever is published meanwhile (deploy-recovery.ts).
 */
export function fingerprint(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
