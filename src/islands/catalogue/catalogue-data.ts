/**
 * The catalogue's data in the browser: the per-category card and search files and the Top Picks
 * file of this page's build, fetched on first need (never on the first view), decoded once and
 * kept for the page's life. A list of one category needs one card file; a list of all categories
 * needs them all; Top Picks need only the picks file.
 */
import type { TopPicksProducts } from '../../domain/catalogue/catalogue-view.ts';
import {
  CATALOGUE_FORMAT,
  cardShardUrl,
  decodeCardShard,
  decodeSearchShard,
  picksScope,
  picksUrl,
  searchShardUrl,
  type CardShardFile,
  type PicksFile,
  type SearchShardFile,
} from '../../domain/catalogue/data-format.ts';
import { mergeShards, shardKey } from '../../domain/catalogue/dataset.ts';
import type { CatalogueItem } from '../../domain/catalogue/pipeline.ts';
import { descriptionMatches, type SearchShard } from '../../domain/catalogue/search.ts';

export class CatalogueDataError extends Error {
  override name = 'CatalogueDataError';
}

async function fetchJson<T>(url: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch {
    throw new CatalogueDataError('The catalogue could not be loaded. Check your connection and try again.');
  }
  // A 404 means a newer build replaced this page's files: the page itself is out of date.
  if (!response.ok) throw new CatalogueDataError('The catalogue has been updated since this page was loaded. Reload the page to see it.');
  return (await response.json()) as T;
}

export class CatalogueData {
  readonly version: string;
  readonly shardKeys: readonly string[];
  readonly #cards = new Map<string, Promise<CatalogueItem[]>>();
  readonly #search = new Map<string, Promise<SearchShard>>();
  readonly #loadedCards = new Map<string, CatalogueItem[]>();
  readonly #loadedSearch = new Map<string, SearchShard>();
  readonly #merged = new Map<string, CatalogueItem[]>();
  #picks: Promise<PicksFile> | undefined;
  #loadedPicks: PicksFile | undefined;

  constructor(version: string, shardKeys: readonly string[]) {
    this.version = version;
    this.shardKeys = shardKeys;
  }

  /** The shards a view reads: its category's, or all of them. An unknown category has none. */
  keysFor(category: string | null): string[] {
    if (category === null) return [...this.shardKeys];
    const key = shardKey(category);
    return this.shardKeys.includes(key) ? [key] : [];
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
      this.#picks = fetchJson<PicksFile>(picksUrl(this.version)).then((file) => {
        if (file.format !== CATALOGUE_FORMAT)
          throw new CatalogueDataError('The catalogue has been updated since this page was loaded. Reload the page to see it.');
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
      pending = fetchJson<CardShardFile>(cardShardUrl(this.version, key)).then((file) => {
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
      pending = fetchJson<SearchShardFile>(searchShardUrl(this.version, key)).then((file) => {
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
