/**
 * The catalogue's data in the browser: the per-category card and search files and the Top Picks
 * file of one build, fetched on first need (never on the first view), decoded once and kept for
 * the page's life. A list of one category needs one card file; a list of all categories needs
 * them all; Top Picks need only the picks file.
 *
 * A page starts with its own build's files. A deploy removes them (every deploy replaces every
 * file), so a file that answers 404 sends the page to the current build's manifest (CurrentBuild,
 * deploy-recovery.ts) and on to that build's files.
 */
import type { TopPicksProducts } from '../../domain/catalogue/catalogue-view.ts';
import {
  CATALOGUE_FORMAT,
  CURRENT_MANIFEST_URL,
  cardShardUrl,
  decodeCardShard,
  decodeSearchShard,
  picksScope,
  picksUrl,
  searchShardUrl,
  type CardShardFile,
  type CatalogueManifest,
  type PicksFile,
  type SearchShardFile,
} from '../../domain/catalogue/data-format.ts';
import { mergeShards, shardKey } from '../../domain/catalogue/dataset.ts';
import { MAX_MANIFEST_READS, recoveryStep, type ManifestAnswer, type RecoveryStep } from '../../domain/catalogue/deploy-recovery.ts';
import type { CatalogueItem } from '../../domain/catalogue/pipeline.ts';
import { descriptionMatches, type SearchShard } from '../../domain/catalogue/search.ts';

export const catalogueTexts = {
  offline: 'The catalogue could not be loaded. Check your connection and try again.',
  failed: 'The catalogue could not be loaded. Reload the page to try again.',
  updated: 'The catalogue has been updated since this page was loaded. Reload the page to see it.',
} as const;

export class CatalogueDataError extends Error {
  override name = 'CatalogueDataError';
}

/** A data file of this build is gone: a newer build has been published since the page was built. */
export class CatalogueDataGone extends CatalogueDataError {
  override name = 'CatalogueDataGone';
  readonly version: string;
  constructor(version: string) {
    super(catalogueTexts.updated);
    this.version = version;
  }
}

async function fetchJson<T>(url: string, version: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch {
    throw new CatalogueDataError(catalogueTexts.offline);
  }
  if (response.status === 404 || response.status === 410) throw new CatalogueDataGone(version);
  if (!response.ok) throw new CatalogueDataError(catalogueTexts.failed);
  try {
    return (await response.json()) as T;
  } catch {
    throw new CatalogueDataError(catalogueTexts.failed);
  }
}

/** The current build's manifest, past every cache (the browser's included), or no usable answer. */
async function readCurrentManifest(): Promise<ManifestAnswer> {
  try {
    const response = await fetch(CURRENT_MANIFEST_URL, { credentials: 'same-origin', cache: 'no-store' });
    return response.ok ? { kind: 'body', body: await response.json() } : { kind: 'unreachable' };
  } catch {
    return { kind: 'unreachable' };
  }
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Finds the build to load from once the page's files are gone: one search per gone build at a time (every view that
 * meets the gone files waits for the same one), and at most MAX_MANIFEST_READS reads of the manifest until a view is
 * shown again, across builds, so two deploys that answer in turn cannot keep the page busy.
 */
export class CurrentBuild {
  #reads = 0;
  #search: { from: string; step: Promise<RecoveryStep> } | undefined;

  /** A view was shown: a later failure starts with a full count of reads. */
  settled(): void {
    this.#reads = 0;
  }

  /** The step for a page whose files of build `gone` answered 404: load another build's, or give up. */
  find(gone: string): Promise<RecoveryStep> {
    if (this.#search?.from !== gone) {
      const step = this.#find(gone);
      const search = { from: gone, step };
      this.#search = search;
      // A search that gave up is not kept: the shopper's next request tries again.
      void step.then((result) => {
        if (result.kind === 'give-up' && this.#search === search) {
          this.#search = undefined;
          this.#reads = 0;
        }
      });
    }
    return this.#search.step;
  }

  async #find(gone: string): Promise<RecoveryStep> {
    for (;;) {
      if (this.#reads >= MAX_MANIFEST_READS) return { kind: 'give-up' };
      const step = recoveryStep(gone, await readCurrentManifest(), this.#reads++);
      if (step.kind !== 'retry') return step;
      await wait(step.afterMs);
    }
  }
}

export class CatalogueData {
  /** The build these files belong to, and what the page draws around its products. */
  readonly manifest: CatalogueManifest;
  readonly #cards = new Map<string, Promise<CatalogueItem[]>>();
  readonly #search = new Map<string, Promise<SearchShard>>();
  readonly #loadedCards = new Map<string, CatalogueItem[]>();
  readonly #loadedSearch = new Map<string, SearchShard>();
  readonly #merged = new Map<string, CatalogueItem[]>();
  #picks: Promise<PicksFile> | undefined;
  #loadedPicks: PicksFile | undefined;

  constructor(manifest: CatalogueManifest) {
    this.manifest = manifest;
  }

  get version(): string {
    return this.manifest.version;
  }

  /** The shards a view reads: its category's, or all of them. An unknown category has none. */
  keysFor(category: string | null): string[] {
    const { shardKeys } = this.manifest;
    if (category === null) return [...shardKeys];
    const key = shardKey(category);
    return shardKeys.includes(key) ? [key] : [];
  }

  hasCards(keys: readonly string[]): boolean {
    return keys.every((key) => this.#loadedCards.has(key));
  }

  hasSearch(keys: readonly string[]): boolean {
    return keys.every((key) => this.#loadedSearch.has(key));
  }

  async loadCards(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.#card(key)));
  }

  async loadSearch(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.#searchShard(key)));
  }

  hasPicks(): boolean {
    return this.#loadedPicks !== undefined;
  }

  async loadPicks(): Promise<void> {
    if (!this.#picks) {
      this.#picks = fetchJson<PicksFile>(picksUrl(this.version), this.version).then((file) => {
        if (file.format !== CATALOGUE_FORMAT) throw new CatalogueDataError(catalogueTexts.updated);
        this.#loadedPicks = file;
        return file;
      });
      this.#picks.catch(() => (this.#picks = undefined));
    }
    await this.#picks;
  }

  /** Top Picks of a category (or of all, for null) from the loaded picks; none for an unknown category. */
  picks(category: string | null): TopPicksProducts {
    return this.#loadedPicks?.scopes[picksScope(category)] ?? { editorsChoice: [], highestRated: [] };
  }

  /** The items of the given (loaded) shards, newest first; cached per set of shards. */
  items(keys: readonly string[]): CatalogueItem[] {
    const id = [...keys].sort().join(',');
    let merged = this.#merged.get(id);
    if (!merged) {
      merged = keys.length === 1 ? (this.#loadedCards.get(keys[0]!) ?? []) : mergeShards(keys.map((key) => this.#loadedCards.get(key) ?? []));
      this.#merged.set(id, merged);
    }
    return merged;
  }

  /** The ids of products in the given (loaded) shards whose description contains the folded needle. */
  descriptionMatches(keys: readonly string[], needle: string): Set<number> {
    const ids = new Set<number>();
    for (const key of keys) {
      const cards = this.#loadedCards.get(key);
      const search = this.#loadedSearch.get(key);
      if (!cards || !search) continue;
      descriptionMatches(search, needle).forEach((hit, index) => {
        const item = cards[index];
        if (hit && item) ids.add(item.product.id);
      });
    }
    return ids;
  }

  #card(key: string): Promise<CatalogueItem[]> {
    let pending = this.#cards.get(key);
    if (!pending) {
      pending = fetchJson<CardShardFile>(cardShardUrl(this.version, key), this.version).then((file) => {
        const items = decodeCardShard(file);
        this.#loadedCards.set(key, items);
        return items;
      });
      // A failed load is forgotten so a later attempt can try again.
      pending.catch(() => this.#cards.delete(key));
      this.#cards.set(key, pending);
    }
    return pending;
  }

  #searchShard(key: string): Promise<SearchShard> {
    let pending = this.#search.get(key);
    if (!pending) {
      pending = fetchJson<SearchShardFile>(searchShardUrl(this.version, key), this.version).then((file) => {
        const shard = decodeSearchShard(file);
        this.#loadedSearch.set(key, shard);
        return shard;
      });
      pending.catch(() => this.#search.delete(key));
      this.#search.set(key, pending);
    }
    return pending;
  }
}
