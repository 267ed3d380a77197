import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as devalue from 'devalue';
import { afterEach, describe, expect, it } from 'vitest';
import { detachContentStore, provideContentStore } from '../../src/server/publishing/content-store.ts';
import { outputFile } from '../../src/server/publishing/kept-render.ts';
import { declaredPageInputs, declarePageInputs, keepUnchangedPages, UNCHANGED_HEADER } from '../../src/server/publishing/page-inputs.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('page inputs', () => {
  it('records each page’s digest under its served path and renders it while nothing is kept', () => {
    const inputs = { view: ['mat', 'roller'], counts: { all: 2 } };
    expect(declarePageInputs(new URL('http://site/products/page/2.html'), inputs)).toBeUndefined();
    const declared = declaredPageInputs();
    expect(Object.keys(declared)).toContain('/products/page/2');
    // The same inputs in another key order are other inputs: the digest is of the value as the page states it.
    declarePageInputs(new URL('http://site/products/page/3.html'), { counts: { all: 2 }, view: ['mat', 'roller'] });
    expect(declaredPageInputs()['/products/page/3']).not.toBe(declared['/products/page/2']);
  });

  it('answers 204 with the unchanged mark only for a page whose digest is the last build’s', () => {
    const url = new URL('http://site/products/category/recovery.html');
    declarePageInputs(url, { view: ['roller'] });
    const previous = declaredPageInputs();
    keepUnchangedPages(previous);
    try {
      const kept = declarePageInputs(url, { view: ['roller'] });
      expect(kept?.status).toBe(204);
      expect(kept?.headers.get(UNCHANGED_HEADER)).toBe('1');
      expect(declarePageInputs(url, { view: ['roller', 'band'] })).toBeUndefined();
      // A page the last build did not declare renders.
      expect(declarePageInputs(new URL('http://site/products/category/new.html'), { view: [] })).toBeUndefined();
    } finally {
      keepUnchangedPages({});
    }
  });
});

describe('the kept content store', () => {
  function keptFolder(store: Map<string, Map<string, unknown>>): string {
    const folder = mkdtempSync(join(tmpdir(), 'repwell-kept-'));
    folders.push(folder);
    mkdirSync(join(folder, 'chunks'));
    writeFileSync(join(folder, 'chunks', '_astro_data-layer-content_abc.mjs'), `export default JSON.parse(${JSON.stringify(devalue.stringify(store))});\n`);
    return folder;
  }

  it('keeps the collections read from files and gives the bundle the database’s, sorted as Astro writes them', async () => {
    const guide = { id: 'choosing-dumbbells', data: { title: 'Choosing dumbbells', updated: new Date('2026-01-02') }, body: '# Choosing' };
    const folder = keptFolder(
      new Map<string, Map<string, unknown>>([
        ['guides', new Map([['choosing-dumbbells', guide]])],
        ['products', new Map([['old', { id: 'old', data: { name: 'Old' } }]])],
      ]),
    );
    await detachContentStore(folder);
    // The bundle's module now reads what the kept renderer provides.
    expect(readFileSync(join(folder, 'chunks', '_astro_data-layer-content_abc.mjs'), 'utf8')).toContain('globalThis[Symbol.for(');

    provideContentStore(
      folder,
      new Map([
        ['products', new Map([['roller', { id: 'roller', data: { name: 'Roller' } }], ['band', { id: 'band', data: { name: 'Band' } }]])],
        ['categories', new Map([['recovery', { id: 'recovery', data: { name: 'Recovery' } }]])],
      ]),
    );
    // What the bundle's module exports (it is evaluated by the kept renderer's own Node process, not here).
    const store = (globalThis as Record<symbol, unknown>)[Symbol.for('repwell.content-store')] as Map<string, Map<string, { id: string }>>;
    expect([...store.keys()]).toEqual(['categories', 'guides', 'products']);
    expect([...store.get('products')!.keys()]).toEqual(['band', 'roller']);
    expect(store.get('guides')!.get('choosing-dumbbells')).toEqual(guide);
  });
});

describe('the file a page is written to', () => {
  it('is name.html for a page (index.html for the home page) and the path itself for an endpoint', () => {
    expect(outputFile('/', { type: 'page' })).toBe('index.html');
    expect(outputFile('/product/foam-roller', { type: 'page' })).toBe('product/foam-roller.html');
    expect(outputFile('/rss.xml', { type: 'endpoint' })).toBe('rss.xml');
    expect(outputFile('/catalogue-data/v1/recovery.json', { type: 'endpoint' })).toBe('catalogue-data/v1/recovery.json');
  });
});
