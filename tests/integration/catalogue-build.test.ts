/**
 * The catalogue as a build produces it (issue 4, points 1, 2 and 7): a real `astro build` of a
 * small seeded catalogue (the run's shared demo site), then its HTML and data files read from disk.
 *
 * - The static pages hold what the pipeline says they should (crawlable without JavaScript).
 * - The browser's data (the card files, decoded) gives the very same listing as the build did,
 *   so the island taking over never changes what a page showed.
 * - Every listed product is in exactly one card file, and no unavailable product is in any.
 * - Every page passes the affiliate disclosure check (the build ran it too; this names what it saw).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Database } from '../../db/client.ts';
import { products as productsTable } from '../../db/schema.ts';
import { catalogueView } from '../../src/domain/catalogue/catalogue-view.ts';
import {
  decodeCardShard,
  decodeSearchShard,
  picksScope,
  readManifestFile,
  type CardShardFile,
  type PicksFile,
  type SearchShardFile,
} from '../../src/domain/catalogue/data-format.ts';
import { mergeShards } from '../../src/domain/catalogue/dataset.ts';
import { topPicks } from '../../src/domain/catalogue/picks.ts';
import { defaultViewCounts } from '../../src/domain/catalogue/counts.ts';
import { CATALOGUE_PAGE_SIZE } from '../../src/domain/catalogue/pagination.ts';
import { DEFAULT_QUERY } from '../../src/domain/catalogue/query.ts';
import { checkBuiltSite } from '../../src/server/disclosure/site-check.ts';

// The run's shared demo site (tests/helpers/shared-demo-site.ts): 120 products, one set back to draft before the build.
const { site, databaseUrl, draft } = inject('sharedDemoSite');
let database: Database;

beforeAll(() => {
  database = new Database({ url: databaseUrl });
});

afterAll(() => database?.close());

const html = (path: string) => readFileSync(join(site, path), 'utf8');
/** The product pages the results grid links to, in order (not the Trending strip above it). */
function gridLinks(page: string): string[] {
  const start = page.indexOf('data-catalogue-results');
  const end = page.indexOf('related-categories-heading', start);
  const grid = page.slice(start, end < 0 ? undefined : end);
  return [...grid.matchAll(/<h3[^>]*><a href="\/product\/([^"]+)"/g)].map((match) => match[1]!);
}

/** The canonical link's path and query (its origin is whatever SITE_URL says). */
function canonicalOf(page: string): string {
  const href = /<link rel="canonical" href="([^"]+)"/.exec(page)?.[1] ?? '';
  const url = new URL(href.replace(/&amp;/g, '&'));
  return `${url.pathname}${url.search}`;
}

function dataFiles() {
  const versions = readdirSync(join(site, 'catalogue-data'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  expect(versions).toHaveLength(1);
  const folder = join(site, 'catalogue-data', versions[0]!);
  const read = <T>(path: string) => JSON.parse(readFileSync(join(folder, path), 'utf8')) as T;
  const keys = readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.replace(/\.json$/, ''));
  return {
    version: versions[0]!,
    keys,
    cards: (key: string) => decodeCardShard(read<CardShardFile>(`${key}.json`)),
    search: (key: string) => decodeSearchShard(read<SearchShardFile>(`search/${key}.json`)),
    picks: () => read<PicksFile>('picks/all.json'),
  };
}

describe('the catalogue pages are HTML at build time', () => {
  it('/products lists the newest in-stock products, as the pipeline orders them', () => {
    const data = dataFiles();
    const items = mergeShards(data.keys.map((key) => data.cards(key)));
    const view = catalogueView(items, DEFAULT_QUERY);
    if (view.kind !== 'list') throw new Error('expected a list');
    const links = gridLinks(html('products.html'));
    expect(links).toHaveLength(CATALOGUE_PAGE_SIZE);
    expect(links).toEqual(view.products.map((product) => product.slug));
    expect(view.products.every((product) => product.inStock)).toBe(true);
  });

  it('publishes every later page of each list, canonical to itself, so the pages hold the whole match', () => {
    const data = dataFiles();
    const items = mergeShards(data.keys.map((key) => data.cards(key)));
    for (const category of [null, ...data.keys.filter((name) => name !== '_none')]) {
      const first = catalogueView(items, { ...DEFAULT_QUERY, category });
      if (first.kind !== 'list') throw new Error('expected a list');
      const seen: string[] = [];
      for (let page = 1; page <= first.pageCount; page++) {
        const base = category ? `products/category/${category}` : 'products';
        const file = html(page === 1 ? `${base}.html` : `${base}/page/${page}.html`);
        const query = new URLSearchParams({ ...(category ? { category } : {}), ...(page > 1 ? { page: String(page) } : {}) }).toString();
        expect(canonicalOf(file)).toBe(query ? `/products?${query}` : '/products');
        seen.push(...gridLinks(file));
      }
      expect(seen).toHaveLength(first.total);
      expect(new Set(seen).size).toBe(first.total);
    }
    expect(readdirSync(join(site, 'products/page')).length).toBeGreaterThan(0);
  });

  it('counts on every category link are what the list it opens shows (listed and in stock)', () => {
    const data = dataFiles();
    const items = mergeShards(data.keys.map((key) => data.cards(key)));
    const counts = defaultViewCounts(items.map((item) => item.product));
    const totalOf = (category: string) => {
      const view = catalogueView(items, { ...DEFAULT_QUERY, category });
      if (view.kind !== 'list') throw new Error('expected a list');
      return view.total;
    };
    for (const key of data.keys.filter((name) => name !== '_none')) expect(counts.byCategory.get(key) ?? 0, key).toBe(totalOf(key));
    expect(items.some((item) => !item.product.inStock)).toBe(true);

    // The home page's grid reads the categories collection, counted by the same rule.
    const home = html('index.html');
    const grid = home.slice(home.indexOf('id="shop-by-category"'));
    const cards = [...grid.matchAll(/href="\/products\?category=([^"]+)"(?:(?!<\/a>).)*?>(\d+) products?<\/span>/gs)];
    expect(cards.length).toBeGreaterThan(3);
    for (const [, slug, shown] of cards) expect(Number(shown), slug).toBe(totalOf(slug!));
  });

  it('each category has its own page with the spec URL as canonical, and the island reads this build’s files', () => {
    const data = dataFiles();
    for (const key of data.keys.filter((name) => name !== '_none')) {
      const page = html(`products/category/${key}.html`);
      expect(canonicalOf(page)).toBe(`/products?category=${key}`);
      const view = catalogueView(data.cards(key), { ...DEFAULT_QUERY, category: key });
      if (view.kind !== 'list') throw new Error('expected a list');
      expect(gridLinks(page)).toEqual(view.products.map((product) => product.slug));
      // The page names no data version (an edit to any product would change it): the island reads the manifest.
      expect(page).not.toContain(data.version);
    }
    expect(canonicalOf(html('products/top-picks.html'))).toBe('/products?featured=true');
    expect(canonicalOf(html('products.html'))).toBe('/products');
  });
});

describe('the affiliate disclosure check (issue 13)', () => {
  it('passes every page of the real site: each affiliate link sponsored, each page disclosed before or beside its first', async () => {
    const result = await checkBuiltSite(site);
    // Home, catalogue and its pages, categories, Top Picks, every product page, blog, guides and the rest.
    expect(result.pages).toBeGreaterThan(120);
    expect(result.affiliateLinks).toBeGreaterThan(120);
    expect(result.violations).toEqual([]);
  });
});

describe('scripts', () => {
  it('names no chunk with a leading dot, which no server hands out', () => {
    expect(readdirSync(join(site, '_astro')).filter((name) => name.startsWith('.'))).toEqual([]);
  });
});

describe('drafts', () => {
  it('never reach a product page, the sitemap, a catalogue page or the catalogue data', () => {
    expect(() => readFileSync(join(site, 'product', draft.slug, 'index.html'))).toThrow();
    expect(() => readFileSync(join(site, 'product', `${draft.slug}.html`))).toThrow();
    const sitemaps = readdirSync(site).filter((name) => name.startsWith('sitemap') && name.endsWith('.xml'));
    expect(sitemaps.length).toBeGreaterThan(0);
    for (const name of sitemaps) expect(html(name)).not.toContain(`/product/${draft.slug}`);
    expect(html('products.html')).not.toContain(`/product/${draft.slug}"`);
    const data = dataFiles();
    const folder = join(site, 'catalogue-data', data.version);
    const files = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    for (const file of files) expect(readFileSync(join(file.parentPath, file.name), 'utf8')).not.toContain(draft.slug);
  });
});

describe('the data files', () => {
  it('hold every listed product once, and no unavailable one', async () => {
    const rows = await database.run((db) =>
      db.select({ id: productsTable.id, availability: productsTable.availability, status: productsTable.status }).from(productsTable),
    );
    const data = dataFiles();
    const ids = data.keys.flatMap((key) => data.cards(key).map((item) => item.product.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set(rows.filter((row) => row.availability && row.status !== 'draft').map((row) => row.id)));
    expect(rows.some((row) => !row.availability)).toBe(true);
  });

  it('give Top Picks for every scope as the cards would pick them', () => {
    const data = dataFiles();
    const items = mergeShards(data.keys.map((key) => data.cards(key)));
    const picks = data.picks();
    const ids = (list: { id: number }[]) => list.map((product) => product.id);
    for (const scope of [null, ...data.keys.filter((key) => key !== '_none')]) {
      const expected = topPicks(items, scope);
      expect(ids(picks.scopes[picksScope(scope)]!.editorsChoice)).toEqual(ids(expected.editorsChoice.map((item) => item.product)));
      expect(ids(picks.scopes[picksScope(scope)]!.highestRated)).toEqual(ids(expected.highestRated.map((item) => item.product)));
    }
    expect(picks.scopes['']!.highestRated.length).toBeGreaterThan(0);
  });

  it('name the current build in its manifest, with the categories and counts its pages show', () => {
    const data = dataFiles();
    const manifest = readManifestFile(JSON.parse(html('catalogue-data/current.json')));
    expect(manifest?.version).toBe(data.version);
    expect(new Set(manifest?.shardKeys)).toEqual(new Set(data.keys));
    const items = mergeShards(data.keys.map((key) => data.cards(key)));
    const counts = defaultViewCounts(items.map((item) => item.product));
    expect(manifest?.totals.products).toBe(counts.all);
    for (const category of manifest?.categories ?? []) expect(category.productCount, category.slug).toBe(counts.byCategory.get(category.slug) ?? 0);
    // The page names no version: its island takes this manifest's, so it always loads the build the site serves.
    expect(html('products.html')).not.toContain(data.version);
  });

  it('align each search file with its card file', () => {
    const data = dataFiles();
    for (const key of data.keys) {
      const search = data.search(key);
      expect(search.refs).toHaveLength(data.cards(key).length);
      expect(search.refs.flat().every((id) => id >= 0 && id < search.blocks.length)).toBe(true);
    }
  });
});
