/**
 * The build's `_redirects` over real HTTP on the local server: the catalogue's query URLs answer
 * with their pre-rendered page (status 200, same address), the section 404 rules still work, and
 * no rule value can reach outside the site folder. The site is a small folder made here, with the
 * real public/_redirects and the rewrites the real build integration appends to it.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroIntegrationLogger } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueRewrites } from '../../src/integrations/catalogue-rewrites.ts';
import type { Logger } from '../../src/server/local/logger.ts';
import { startLocalServer, type LocalServer } from '../../src/server/local/server.ts';

const SECRET = 'OUTSIDE THE SITE';

/** Laid out as the build writes pages (Astro build.format 'file'). */
const pages: Record<string, string> = {
  '404.html': 'Site not found page',
  'index.html': 'Home page',
  'products.html': 'Product Catalog page',
  'products/category/fitness.html': 'Fitness Products page',
  'products/category/recovery.html': 'Recovery Products page',
  'products/top-picks.html': 'Top Picks page',
  'products/top-picks/fitness.html': 'Top Picks in Fitness page',
  'products/top-picks/recovery.html': 'Top Picks in Recovery page',
  'product/sample.html': 'Sample product page',
  'product/not-found.html': 'Product not found page',
  'blog/not-found.html': 'Post not found page',
  'shelf/bands.html': 'Bands shelf page',
};

let dir: string;
let server: LocalServer;
const lines: string[] = [];
const logger: Logger = { info: (m) => lines.push(m), warn: (m) => lines.push(m), error: (m) => lines.push(m) };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'repwell-redirects-'));
  const site = join(dir, 'site');
  for (const [file, text] of Object.entries(pages)) {
    mkdirSync(dirname(join(site, file)), { recursive: true });
    writeFileSync(join(site, file), `<!doctype html><title>${text}</title><h1>${text}</h1>`);
  }
  // Beside the site folder: what a path trick would be after.
  writeFileSync(join(dir, 'secret.html'), SECRET);
  mkdirSync(join(dir, 'secret'));
  writeFileSync(join(dir, 'secret', 'index.html'), SECRET);
  // Inside it but a dotfile folder, which is never part of the site.
  mkdirSync(join(site, 'shelf', '.hidden'), { recursive: true });
  writeFileSync(join(site, 'shelf', '.hidden', 'index.html'), SECRET);
  writeFileSync(join(site, 'shelf', '.hidden.html'), SECRET);

  // As a build leaves it: public/_redirects, then the catalogue rewrites for the pages built.
  writeFileSync(join(site, '_redirects'), readFileSync(join(import.meta.dirname, '../../public/_redirects'), 'utf8'));
  const quiet = { info: () => {}, warn: () => {}, error: () => {} } as unknown as AstroIntegrationLogger;
  await catalogueRewrites().hooks['astro:build:done']!({
    dir: pathToFileURL(`${site}/`),
    pages: Object.keys(pages).map((file) => ({ pathname: file === 'index.html' ? '' : file.replace(/\.html$/, '') })),
    assets: new Map(),
    logger: quiet,
  });
  // A placeholder rewrite for the path-trick checks, a redirect, and a proxy the local server leaves to Netlify.
  writeFileSync(
    join(site, '_redirects'),
    `${readFileSync(join(site, '_redirects'), 'utf8')}/shelf  item=:item  /shelf/:item  200!\n/old-page  /new-page  301\n/partner/*  https://partner.example/:splat  200\n`,
  );

  server = await startLocalServer({ port: 0, site, functionsDir: join(dir, 'no-functions'), logger });
});

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, { redirect: 'manual', ...init });

async function page(path: string): Promise<{ status: number; body: string; location: string | null }> {
  const response = await get(path);
  return { status: response.status, body: await response.text(), location: response.headers.get('location') };
}

describe('catalogue query URLs', () => {
  it('answer /products?category=x with the category page, status 200 and no redirect', async () => {
    const response = await get('/products?category=fitness');
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toContain('<h1>Fitness Products page</h1>');
  });

  it('answer ?featured=true with the Top Picks page, and with a category the Top Picks page of that category', async () => {
    expect(await page('/products?featured=true')).toMatchObject({ status: 200, body: expect.stringContaining('<h1>Top Picks page</h1>') });
    expect(await page('/products?featured=true&category=fitness')).toMatchObject({
      status: 200,
      body: expect.stringContaining('Top Picks in Fitness page'),
    });
    expect((await page('/products?category=recovery&featured=true')).body).toContain('Top Picks in Recovery page');
  });

  it('still rewrite when the URL carries more parameters, in any order, and with a trailing slash', async () => {
    expect((await page('/products?sort=price-low&category=fitness&rating=4%2B&search=mat')).body).toContain('Fitness Products page');
    expect((await page('/products?min_price=10&featured=true&sort=rating&category=recovery')).body).toContain('Top Picks in Recovery page');
    expect((await page('/products/?category=recovery')).body).toContain('Recovery Products page');
  });

  it('answer HEAD like GET, without a body', async () => {
    const response = await get('/products?category=fitness', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await response.text()).toBe('');
  });

  it('leave an unknown category to the default listing (status 200, never the 404 page)', async () => {
    expect(await page('/products?category=no-such-category')).toMatchObject({
      status: 200,
      location: null,
      body: expect.stringContaining('Product Catalog page'),
    });
    expect((await page('/products?featured=true&category=no-such-category')).body).toContain('<h1>Top Picks page</h1>');
  });

  it('leave /products and the pages themselves as they are', async () => {
    expect(await page('/products')).toMatchObject({ status: 200, body: expect.stringContaining('Product Catalog page') });
    expect(await page('/products/')).toMatchObject({ status: 301, location: '/products' });
    // Never a protocol-relative //products, which a browser would take for the host "products".
    expect(await page('//products/')).toMatchObject({ status: 301, location: '/products' });
    expect(await page('/.//products/')).toMatchObject({ status: 301, location: '/products' });
    expect((await page('/products/category/fitness?category=recovery')).body).toContain('Fitness Products page');
  });
});

describe('section not-found pages', () => {
  it('still answer a missing path under a section with its page and status 404', async () => {
    expect(await page('/product/no-such-item/')).toMatchObject({ status: 404, body: expect.stringContaining('Product not found page') });
    expect(await page('/blog/no-such-post')).toMatchObject({ status: 404, body: expect.stringContaining('Post not found page') });
    expect(await page('/product')).toMatchObject({ status: 404, body: expect.stringContaining('Product not found page') });
  });

  it('never hide a page that exists, and leave other paths to the site 404', async () => {
    expect(await page('/product/sample')).toMatchObject({ status: 200, body: expect.stringContaining('Sample product page') });
    expect(await page('/nothing/here')).toMatchObject({ status: 404, body: expect.stringContaining('Site not found page') });
  });
});

describe('rule values and the site folder', () => {
  it('serve a placeholder target inside the site', async () => {
    expect(await page('/shelf?item=bands')).toMatchObject({ status: 200, body: expect.stringContaining('Bands shelf page') });
  });

  it.each([
    '..',
    '.',
    '../secret',
    '../../secret',
    '..%2F..%2Fsecret',
    '%2e%2e%2f%2e%2e%2fsecret.html',
    '../secret.html',
    '/etc/passwd',
    '..\\..\\secret',
    '%00',
    'bands%2F..%2F..%2F..%2Fsecret',
    '.hidden',
  ])('answer ?item=%s with the site 404, never a file outside the site or a hidden one', async (value) => {
    const result = await page(`/shelf?item=${value}`);
    expect(result.status).toBe(404);
    expect(result.body).toContain('Site not found page');
    expect(result.body).not.toContain(SECRET);
  });

  it('answer a rewrite to a page that does not exist with the site 404, as Netlify does', async () => {
    expect(await page('/shelf?item=absent')).toMatchObject({ status: 404, body: expect.stringContaining('Site not found page') });
  });

  it('perform a redirect rule with its status and the query', async () => {
    expect(await page('/old-page?ref=menu')).toMatchObject({ status: 301, location: '/new-page?ref=menu' });
  });

  it('say which rules it leaves to Netlify, and answer them with 502 rather than a wrong page', async () => {
    expect(await page('/partner/offers')).toMatchObject({ status: 502 });
    expect(lines.some((line) => line.includes("is Netlify's only (a proxy to another host)") && line.includes('/partner/*'))).toBe(true);
  });
});
