/**
 * The catalogue's data in the browser: the per-category card and search files and the Top Picks
 * file of one build, fetched on first need (never on the first view) and kept for the page's life.
 * A list of one category needs one card file; a list of all categories needs them all; Top Picks
 * need only the picks file. Cards stay rows as downloaded: each set of shards a view reads gets an
 * index of the filters' fields (catalogue-index.ts), and a card becomes a product only when shown.
 *
 * A page starts with its own build's files. A deploy removes them (every deploy replaces every
 * file), so a file that answers 404 sends the page to the current build's manifest (CurrentBuild,
 * deploy-recovery.ts) and on to that build's files.
 *
 * The island imports this module when it first needs data (use-catalogue.ts), not with the page.
 */
import { CatalogueIndex, type IndexEntry } from '../../domain/catalogue/catalogue-index.ts';
import { indexedListView, topPicksView, type CatalogueView, type TopPicksProducts } from '../../domain/catalogue/catalogue-view.ts';
import {
  CATALOGUE_FORMAT,
  CURRENT_MANIFEST_URL,
  cardIndexEntry,
  cardShardUrl,
  decodeCardRow,
  decodeSearchShard,
  picksScope,
  picksUrl,
  readCardShard,
  searchShardUrl,
  type CardShardFile,
  type CatalogueManifest,
  type PicksFile,
  type SearchShardFile,
} from '../../domain/catalogue/data-format.ts';
import { shardKey } from '../../domain/catalogue/dataset.ts';
import { MAX_MANIFEST_READS, recoveryStep, type ManifestAnswer, type RecoveryStep } from '../../domain/catalogue/deploy-recovery.ts';
import type { CatalogueQuery } from '../../domain/catalogue/query.ts';
import { descriptionMatches, searchNeedle, type SearchShard } from '../../domain/catalogue/search.ts';
import type { CatalogueProduct } from '../../domain/product-card.ts';
import { CatalogueDataError, CatalogueDataGone, catalogueTexts } from './catalogue-errors.ts';

export { CatalogueDataError, CatalogueDataGone, catalogueTexts };

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

/**
 * The card files of one set of shards (a category's, or all of them) as one index (catalogue-index.ts), with each
 * position's card file and row, so that only the products shown are made.
 */
class Scope {
  readonly index: CatalogueIndex;
  readonly #keys: string[];
  readonly #shardOf: Uint16Array;
  readonly #rowOf: Int32Array;
  readonly #product: (key: string, row: number) => CatalogueProduct;
  #search: { needle: string; hits: boolean[][] } | undefined;

  constructor(keys: readonly string[], files: readonly CardShardFile[], product: (key: string, row: number) => CatalogueProduct) {
    const cards: { entry: IndexEntry; shard: number; row: number }[] = [];
    files.forEach((file, shard) => file.rows.forEach((row, index) => cards.push({ entry: cardIndexEntry(file, row), shard, row: index })));
    // Positions follow rank (catalogue-index.ts): sorted here too, to know each position's card.
    cards.sort((a, b) => a.entry.rank - b.entry.rank);
    this.index = new CatalogueIndex(cards.map((card) => card.entry));
    this.#keys = [...keys];
    this.#shardOf = Uint16Array.from(cards, (card) => card.shard);
    this.#rowOf = Int32Array.from(cards, (card) => card.row);
    this.#product = product;
  }

  product = (position: number): CatalogueProduct => this.#product(this.#keys[this.#shardOf[position]!]!, this.#rowOf[position]!);

  /** Whether the description of each position's product contains the folded needle, from the shards' search files. */
  descriptionHits(needle: string, searchShards: readonly SearchShard[]): (position: number) => boolean {
    if (this.#search?.needle !== needle) this.#search = { needle, hits: searchShards.map((shard) => descriptionMatches(shard, needle)) };
    const { hits } = this.#search;
    return (position) => hits[this.#shardOf[position]!]?.[this.#rowOf[position]!] === true;
  }
}

export class CatalogueData {
  /** The build these files belong to, and what the page draws around its products. */
  readonly manifest: CatalogueManifest;
  readonly #cards = new Map<string, Promise<CardShardFile>>();
  readonly #search = new Map<string, Promise<SearchShard>>();
  readonly #loadedCards = new Map<string, CardShardFile>();
  readonly #loadedSearch = new Map<string, SearchShard>();
  /** Products made so far, per shard and row: one object per product, whichever scope shows it. */
  readonly #products = new Map<string, CatalogueProduct[]>();
  readonly #scopes = new Map<string, Scope>();
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

  /** Whether the loaded files answer a query now: the picks, or the cards in scope (and their search files for a search). */
  canAnswer(query: CatalogueQuery): boolean {
    if (query.featured) return this.hasPicks();
    const keys = this.keysFor(query.category);
    return this.hasCards(keys) && (searchNeedle(query.search) === null || this.hasSearch(keys));
  }

  /** Starts loading what a query needs; settles when canAnswer(query) holds. */
  async load(query: CatalogueQuery): Promise<void> {
    if (query.featured) return this.loadPicks();
    const keys = this.keysFor(query.category);
    await Promise.all([this.loadCards(keys), searchNeedle(query.search) === null ? undefined : this.loadSearch(keys)]);
  }

  /** The view of a query the loaded files answer (canAnswer). */
  view(query: CatalogueQuery): CatalogueView {
    if (query.featured) return topPicksView(query, this.picks(query.category));
    const keys = this.keysFor(query.category);
    const scope = this.#scope(keys);
    const needle = searchNeedle(query.search);
    const searchShards = keys.map((key) => this.#loadedSearch.get(key) ?? { blocks: [], refs: [] });
    return indexedListView(scope.index, query, scope.product, { descriptionHit: needle ? scope.descriptionHits(needle, searchShards) : undefined });
  }

  /** The index of the given (loaded) shards, made once per set of shards. */
  #scope(keys: readonly string[]): Scope {
    const id = keys.join(',');
    let scope = this.#scopes.get(id);
    if (!scope) {
      scope = new Scope(
        keys,
        keys.map((key) => this.#loadedCards.get(key) ?? { format: CATALOGUE_FORMAT, category: null, images: [], ctas: [], rows: [] }),
        this.#product,
      );
      this.#scopes.set(id, scope);
    }
    return scope;
  }

  #product = (key: string, row: number): CatalogueProduct => {
    const file = this.#loadedCards.get(key)!;
    let made = this.#products.get(key);
    if (!made) {
      made = [];
      this.#products.set(key, made);
    }
    return (made[row] ??= decodeCardRow(file, file.rows[row]!));
  };

  #card(key: string): Promise<CardShardFile> {
    let pending = this.#cards.get(key);
    if (!pending) {
      pending = fetchJson<CardShardFile>(cardShardUrl(this.version, key), this.version).then((file) => {
        const checked = readCardShard(file);
        this.#loadedCards.set(key, checked);
        return checked;
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
