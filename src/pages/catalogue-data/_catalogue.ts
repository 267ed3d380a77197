/**
 * The catalogue at build time: every listed product as a card, in pipeline order, split into
 * per-category data files, with the version that names this build's files. Computed once per
 * build and shared by the catalogue pages and the data endpoints (underscore: not a route).
 */
import { getCollection } from 'astro:content';
import { cardProduct } from '../../components/product-card/card-product.ts';
import { buildStaleAfterHours } from '../../components/price-age/build-price-age.ts';
import { orderCategories, type CategorySummary } from '../../domain/catalogue/categories.ts';
import { defaultViewCounts, topPicksCount } from '../../domain/catalogue/counts.ts';
import {
  CATALOGUE_FORMAT,
  encodeCardShard,
  encodeSearchShard,
  picksScope,
  type CardShardFile,
  type PicksFile,
  type SearchShardFile,
} from '../../domain/catalogue/data-format.ts';
import { buildCatalogueItems, fingerprint, groupIntoShards } from '../../domain/catalogue/dataset.ts';
import { topPicks } from '../../domain/catalogue/picks.ts';
import { selectCatalogue, type CatalogueItem } from '../../domain/catalogue/pipeline.ts';
import { DEFAULT_QUERY } from '../../domain/catalogue/query.ts';
import { buildSearchShard, descriptionBlocks } from '../../domain/catalogue/search.ts';
import { isListed } from '../../domain/product.ts';

export interface BuiltCatalogue {
  /** Names this build's data files (/catalogue-data/{version}/…). */
  version: string;
  /** Every listed product, newest first. */
  items: CatalogueItem[];
  /** Every category, by name with 'uncategorized' last, with what its list and its Top Picks show. */
  categories: CategorySummary[];
  /** What All Products and All Top Picks show. */
  totals: { products: number; topPicks: number };
  /** The shards that exist (categories with listed products, and '_none' if some have no category). */
  shardKeys: string[];
  cardFiles: Map<string, CardShardFile>;
  searchFiles: Map<string, SearchShardFile>;
  picksFile: PicksFile;
}

async function build(): Promise<BuiltCatalogue> {
  const [entries, categoryEntries] = await Promise.all([getCollection('products', ({ data }) => isListed(data)), getCollection('categories')]);
  const now = Date.now();
  const staleAfterHours = await buildStaleAfterHours();
  const items = buildCatalogueItems(entries.map((entry) => cardProduct(entry.data, now, staleAfterHours)));
  const descriptions = new Map(entries.map((entry) => [entry.data.id, entry.data.description]));

  const cardFiles = new Map<string, CardShardFile>();
  const searchFiles = new Map<string, SearchShardFile>();
  for (const shard of groupIntoShards(items)) {
    cardFiles.set(shard.key, encodeCardShard(shard.category, shard.items));
    const blocks = shard.items.map((item) => descriptionBlocks(descriptions.get(item.product.id) ?? ''));
    searchFiles.set(shard.key, encodeSearchShard(buildSearchShard(blocks)));
  }

  const picksFile: PicksFile = { format: CATALOGUE_FORMAT, scopes: {} };
  for (const slug of [null, ...categoryEntries.map(({ data }) => data.slug)]) {
    const picks = topPicks(items, slug);
    picksFile.scopes[picksScope(slug)] = {
      editorsChoice: picks.editorsChoice.map((item) => item.product),
      highestRated: picks.highestRated.map((item) => item.product),
    };
  }
  // The same rule as the categories collection's productCount (content.config.ts), from the same products.
  const counts = defaultViewCounts(items.map((item) => item.product));
  const picksOf = (slug: string | null) => topPicksCount(picksFile.scopes[picksScope(slug)] ?? { editorsChoice: [], highestRated: [] });
  const categories = orderCategories(
    categoryEntries.map(({ data }) => ({ slug: data.slug, name: data.name, productCount: counts.byCategory.get(data.slug) ?? 0, topPickCount: picksOf(data.slug) })),
  );
  const totals = { products: counts.all, topPicks: picksOf(null) };
  // Categories too: the manifest a version names (current.json) is then the same whatever build wrote it.
  const version = fingerprint(JSON.stringify([[...cardFiles], [...searchFiles], picksFile, categories, totals]));
  return { version, items, categories, totals, shardKeys: [...cardFiles.keys()], cardFiles, searchFiles, picksFile };
}

/** The later pages (2, 3, …) of a list view with the default filters: the pages the build publishes. */
export function laterListPages(catalogue: BuiltCatalogue, category: string | null): number[] {
  const { pageCount } = selectCatalogue(catalogue.items, { ...DEFAULT_QUERY, category });
  return Array.from({ length: pageCount - 1 }, (_, index) => index + 2);
}

let built: Promise<BuiltCatalogue> | undefined;

/** The build's catalogue; in `astro dev` it is rebuilt per request, so edits show without a restart. */
export function builtCatalogue(): Promise<BuiltCatalogue> {
  if (import.meta.env.DEV) return build();
  built ??= build();
  return built;
}
