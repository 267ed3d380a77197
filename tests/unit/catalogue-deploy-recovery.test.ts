/**
 * A catalogue page that outlives its build: a deploy removes the data files it names, and it must find the current
 * build's (the manifest at a fixed address), load them and answer the shopper's query with them, or say it cannot;
 * never keep its old list under the new filters. The rules are pure (deploy-recovery.ts, the manifest's reader in
 * data-format.ts); the browser side (catalogue-data.ts) runs here against a stubbed fetch.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CATALOGUE_FORMAT,
  CURRENT_MANIFEST_URL,
  cardShardUrl,
  encodeCardShard,
  encodeManifest,
  readManifestFile,
  type CatalogueManifest,
} from '../../src/domain/catalogue/data-format.ts';
import { FIRST_RETRY_MS, MAX_MANIFEST_READS, recoveryStep } from '../../src/domain/catalogue/deploy-recovery.ts';
import { DEFAULT_QUERY } from '../../src/domain/catalogue/query.ts';
import { CatalogueData, CatalogueDataError, CatalogueDataGone, CurrentBuild, catalogueTexts } from '../../src/islands/catalogue/catalogue-data.ts';
import { items, product } from './catalogue-fixtures.ts';

const manifest = (version: string, overrides: Partial<CatalogueManifest> = {}): CatalogueManifest => ({
  version,
  shardKeys: ['recovery', 'strength'],
  categories: [
    { slug: 'recovery', name: 'Recovery', productCount: 2, topPickCount: 1 },
    { slug: 'strength', name: 'Strength', productCount: 1, topPickCount: 0 },
  ],
  totals: { products: 3, topPicks: 1 },
  ...overrides,
});

describe('the current build’s manifest', () => {
  it('reads back what the build wrote', () => {
    const file = JSON.parse(JSON.stringify(encodeManifest(manifest('k3x9q')))) as unknown;
    expect(file).toMatchObject({ format: CATALOGUE_FORMAT });
    expect(readManifestFile(file)).toEqual(manifest('k3x9q'));
  });

  it('keeps nothing but the manifest’s fields', () => {
    const file = { ...encodeManifest(manifest('k3x9q')), extra: true };
    file.categories = file.categories.map((category) => ({ ...category, extra: 1 }));
    expect(readManifestFile(file)).toEqual(manifest('k3x9q'));
  });

  it('is unusable in another data format: only a fresh page can read that build', () => {
    expect(readManifestFile({ ...encodeManifest(manifest('k3x9q')), format: CATALOGUE_FORMAT + 1 })).toBeNull();
  });

  it.each([
    ['not an object', 'k3x9q'],
    ['a version that is not a fingerprint', { version: '../k3x9q' }],
    ['a shard key that is not one path segment', { shardKeys: ['recovery/../x'] }],
    ['a category without counts', { categories: [{ slug: 'recovery', name: 'Recovery' }] }],
    ['a negative count', { totals: { products: -1, topPicks: 0 } }],
    ['no totals', { totals: null }],
  ])('is unusable with %s', (_label, change) => {
    const file = typeof change === 'string' ? change : { ...encodeManifest(manifest('k3x9q')), ...change };
    expect(readManifestFile(file)).toBeNull();
  });
});

describe('after the page’s data files are gone', () => {
  const body = (value: unknown) => ({ kind: 'body', body: value }) as const;

  it('switches to the build the manifest names', () => {
    expect(recoveryStep('old1', body(encodeManifest(manifest('new2'))), 0)).toEqual({ kind: 'switch', manifest: manifest('new2') });
  });

  it('reads again, waiting longer each time, while the manifest still names the gone build (a cache behind the deploy)', () => {
    const stale = body(encodeManifest(manifest('old1')));
    const steps = Array.from({ length: MAX_MANIFEST_READS }, (_, read) => recoveryStep('old1', stale, read));
    expect(steps).toEqual([
      { kind: 'retry', afterMs: FIRST_RETRY_MS },
      { kind: 'retry', afterMs: FIRST_RETRY_MS * 2 },
      { kind: 'retry', afterMs: FIRST_RETRY_MS * 4 },
      { kind: 'give-up' },
    ]);
  });

  it('reads again when the manifest did not answer, and gives up after as many reads', () => {
    expect(recoveryStep('old1', { kind: 'unreachable' }, 0)).toEqual({ kind: 'retry', afterMs: FIRST_RETRY_MS });
    expect(recoveryStep('old1', { kind: 'unreachable' }, MAX_MANIFEST_READS - 1)).toEqual({ kind: 'give-up' });
  });

  it('still switches on the last read when the manifest names another build', () => {
    expect(recoveryStep('old1', body(encodeManifest(manifest('new2'))), MAX_MANIFEST_READS - 1).kind).toBe('switch');
  });

  it('gives up at once on a manifest this page cannot read', () => {
    expect(recoveryStep('old1', body({ format: CATALOGUE_FORMAT + 1, version: 'new2' }), 0)).toEqual({ kind: 'give-up' });
    expect(recoveryStep('old1', body('<!doctype html>'), 0)).toEqual({ kind: 'give-up' });
  });
});

describe('in the browser', () => {
  /** The files of the site as deployed now, by path; anything else answers 404. */
  let site: Map<string, unknown>;
  const requests: { url: string; cache: RequestCache | undefined }[] = [];

  beforeEach(() => {
    site = new Map();
    requests.length = 0;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      requests.push({ url, cache: init?.cache });
      return site.has(url) ? Response.json(site.get(url)) : new Response('<!doctype html><h1>Oops! Page not found</h1>', { status: 404 });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const recovery = items([
    product({ id: 1, price: 40, category: { name: 'Recovery', slug: 'recovery' } }),
    product({ id: 2, price: 3.17, category: { name: 'Recovery', slug: 'recovery' } }),
    product({ id: 3, price: 25, category: { name: 'Recovery', slug: 'recovery' } }),
  ]);

  function deploy(version: string): CatalogueManifest {
    const next = manifest(version);
    site = new Map<string, unknown>([
      [CURRENT_MANIFEST_URL, encodeManifest(next)],
      [cardShardUrl(version, 'recovery'), encodeCardShard({ name: 'Recovery', slug: 'recovery' }, recovery)],
    ]);
    return next;
  }

  it('a data file of a replaced build answers as gone, naming that build', async () => {
    const own = deploy('old1');
    deploy('new2');
    const data = new CatalogueData(own);
    const load = data.loadCards(['recovery']);
    await expect(load).rejects.toBeInstanceOf(CatalogueDataGone);
    await expect(load).rejects.toMatchObject({ version: 'old1', message: catalogueTexts.updated });
    expect(data.hasCards(['recovery'])).toBe(false);
  });

  it('other failures are not taken for a deploy', async () => {
    const data = new CatalogueData(manifest('old1'));
    vi.stubGlobal('fetch', async () => new Response('busy', { status: 503 }));
    const failed = data.loadCards(['recovery']);
    await expect(failed).rejects.toBeInstanceOf(CatalogueDataError);
    await expect(failed).rejects.not.toBeInstanceOf(CatalogueDataGone);
    await expect(failed).rejects.toThrow(catalogueTexts.failed);
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(data.loadCards(['recovery'])).rejects.toThrow(catalogueTexts.offline);
  });

  it('finds the new build past every cache, and its data answers the shopper’s query', async () => {
    const own = deploy('old1');
    const current = deploy('new2');
    const step = await new CurrentBuild().find(own.version);
    expect(step).toEqual({ kind: 'switch', manifest: current });
    expect(requests.at(-1)).toEqual({ url: CURRENT_MANIFEST_URL, cache: 'no-store' });

    if (step.kind !== 'switch') throw new Error('expected a switch');
    const data = new CatalogueData(step.manifest);
    const query = { ...DEFAULT_QUERY, category: 'recovery', sort: 'price-low' } as const;
    await data.load(query);
    expect(data.canAnswer(query)).toBe(true);
    const view = data.view(query);
    if (view.kind !== 'list') throw new Error('expected a list');
    expect(view.products.map((card) => card.price)).toEqual([3.17, 25, 40]);
  });

  it('asks once for every view that meets the same gone build', async () => {
    deploy('new2');
    const build = new CurrentBuild();
    const [first, second] = await Promise.all([build.find('old1'), build.find('old1')]);
    expect(first).toBe(second);
    expect(requests.filter((request) => request.url === CURRENT_MANIFEST_URL)).toHaveLength(1);
  });

  it('waits out a manifest that still names the gone build', async () => {
    vi.useFakeTimers();
    deploy('old1');
    const build = new CurrentBuild();
    const step = build.find('old1');
    await vi.advanceTimersByTimeAsync(0);
    const current = deploy('new2');
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS);
    await expect(step).resolves.toEqual({ kind: 'switch', manifest: current });
    expect(requests.filter((request) => request.url === CURRENT_MANIFEST_URL)).toHaveLength(2);
  });

  it('gives up after a few reads, and tries afresh on the shopper’s next request', async () => {
    vi.useFakeTimers();
    deploy('old1');
    const build = new CurrentBuild();
    const step = build.find('old1');
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS * 2 ** MAX_MANIFEST_READS);
    await expect(step).resolves.toEqual({ kind: 'give-up' });
    expect(requests).toHaveLength(MAX_MANIFEST_READS);

    const current = deploy('new2');
    await expect(build.find('old1')).resolves.toEqual({ kind: 'switch', manifest: current });
  });

  it('gives up on builds that keep vanishing, counting reads across them until a view is shown', async () => {
    const build = new CurrentBuild();
    for (let read = 0; read < MAX_MANIFEST_READS; read++) {
      deploy(`v${read + 1}`);
      expect(await build.find(`v${read}`)).toMatchObject({ kind: 'switch' });
    }
    deploy('v9');
    vi.useFakeTimers();
    const step = build.find(`v${MAX_MANIFEST_READS}`);
    await vi.advanceTimersByTimeAsync(0);
    await expect(step).resolves.toEqual({ kind: 'give-up' });

    build.settled();
    await expect(build.find('v8')).resolves.toMatchObject({ kind: 'switch' });
  });
});
