/**
 * The catalogue's manifest file (data-format.ts holds the data files it names): what a page reads of the current build
 * before anything else, so it is its own small module.
 */
import type { CategorySummary } from './categories.ts';

export const CATALOGUE_FORMAT = 1;

/**
 * What a catalogue page needs of its build besides the products: the version that names the data files, the shards
 * there are, and what it draws around the list (every category with its counts, the totals). A page's HTML names
 * neither its version nor the counts (use-catalogue.ts, use-category-counts.ts): the island reads the current build's
 * (CatalogueManifestFile), and once it lists products from a build's files, that build's manifest draws the links and
 * counts around them.
 */
export interface CatalogueManifest {
  version: string;
  shardKeys: string[];
  categories: CategorySummary[];
  totals: { products: number; topPicks: number };
}

/** The current build's manifest, at a fixed address (CURRENT_MANIFEST_URL) that every build overwrites. */
export interface CatalogueManifestFile extends CatalogueManifest {
  format: typeof CATALOGUE_FORMAT;
}

export function encodeManifest(manifest: CatalogueManifest): CatalogueManifestFile {
  const { version, shardKeys, categories, totals } = manifest;
  return { format: CATALOGUE_FORMAT, version, shardKeys, categories, totals };
}

/** A version (a fingerprint in base 36) or a shard key (a category slug, '_none') is one segment of a path. */
const VERSION = /^[a-z0-9]+$/;
const isPathSegment = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && value !== '.' && value !== '..' && !/[/\\?#]/.test(value);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

function isCategorySummary(value: unknown): value is CategorySummary {
  return (
    isObject(value) && typeof value.slug === 'string' && typeof value.name === 'string' && isCount(value.productCount) && isCount(value.topPickCount)
  );
}

/**
 * The manifest in a file as read from the network, or null when this code cannot use it: another data format (a
 * deploy changed the format, so only a fresh page can read that build) or anything malformed.
 */
export function readManifestFile(value: unknown): CatalogueManifest | null {
  if (!isObject(value) || value.format !== CATALOGUE_FORMAT) return null;
  const { version, shardKeys, categories, totals } = value;
  if (typeof version !== 'string' || !VERSION.test(version)) return null;
  if (!Array.isArray(shardKeys) || !shardKeys.every(isPathSegment)) return null;
  if (!Array.isArray(categories) || !categories.every(isCategorySummary)) return null;
  if (!isObject(totals) || !isCount(totals.products) || !isCount(totals.topPicks)) return null;
  return {
    version,
    shardKeys: [...shardKeys],
    categories: categories.map(({ slug, name, productCount, topPickCount }) => ({ slug, name, productCount, topPickCount })),
    totals: { products: totals.products, topPicks: totals.topPicks },
  };
}

/**
 * Where a build's data files live: /catalogue-data/{version}/{shard}.json and …/search/{shard}.json, and the current
 * build's manifest at /catalogue-data/current.json.
 */
export const CATALOGUE_DATA_PATH = '/catalogue-data';

/** Never cached without asking (public/_headers): read for the counts once a catalogue page has hydrated, and for the data files when the shopper first asks for another view. */
export const CURRENT_MANIFEST_URL = `${CATALOGUE_DATA_PATH}/current.json`;
