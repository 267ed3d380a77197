/**
 * "Fast as before": a post with a comparison table of 8 products (the most a table holds) ships no more JavaScript
 * than a plain post. The table is static HTML and its buy links use the click script every page has, so both posts
 * load the same script files, weighed as the bench weighs them (scripts/bench/javascript-budgets.ts), on a real
 * build of a post written through the blog admin API.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../../db/seed/index.ts';
import { comparedProducts, javascriptFigures, publicTemplates, shippedKb } from '../../scripts/bench/javascript-budgets.ts';
import { inlineScripts, measurePage } from '../../scripts/bench/page-javascript.ts';
import { verdict } from '../../scripts/bench/report.ts';
import { TABLE_POST_PRODUCTS, tablePostHtml } from '../../scripts/bench/table-post.ts';
import { buildSite } from '../../src/server/local/builder.ts';
import { silentLogger } from '../../src/server/local/logger.ts';
import { signedInAs } from '../helpers/admin-api.ts';
import { listedProducts } from '../helpers/listed-products.ts';
import { startLocalApi, type LocalApi } from '../helpers/local-api.ts';

let api: LocalApi;
let work: string;
let site: string;
let ids: number[];
const TABLE_POST = 'blog/eight-products-compared.html';
const PLAIN_POST = 'blog/a-plain-post.html';

beforeAll(async () => {
  api = await startLocalApi();
  const admin = await signedInAs(api, 'admin');
  await seedDemoContent(api.temp.database, { productCount: 40 });
  ({ ids } = await listedProducts(api.temp.database, TABLE_POST_PRODUCTS));
  expect(ids).toHaveLength(8);
  const write = async (title: string, content: string) => {
    const response = await admin.fetch('/api/admin/blog', { method: 'POST', json: { title, excerpt: '', content, imageUrl: '', published: true } });
    expect(response.status, await response.clone().text()).toBe(201);
  };
  await write('Eight products compared', tablePostHtml(ids));
  await write('A plain post', '<p>Eight of the products we rate most.</p><h2>How to read the table</h2><p>Our score is the editors’ verdict out of 10.</p>');
  work = mkdtempSync(join(tmpdir(), 'repwell-table-js-'));
  site = join(work, 'site');
  await buildSite({ outDir: site, databaseUrl: api.temp.url, cacheDir: join(work, 'astro-cache'), quiet: true, skipIndex: true, logger: silentLogger });
}, 300_000);

afterAll(async () => {
  await api?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('a post with a comparison table of 8 products', () => {
  it('shows the 8 products in its table, each with a tracked buy link', () => {
    const html = readFileSync(join(site, TABLE_POST), 'utf8');
    expect(comparedProducts(html)).toBe(8);
    for (const id of ids) expect(html).toContain(`data-track-click="${id}"`);
  });

  it('loads the same script files as a plain post, and no more JavaScript in all', () => {
    const table = measurePage(site, TABLE_POST);
    const plain = measurePage(site, PLAIN_POST);
    expect(table.files.length).toBeGreaterThan(0);
    expect(table.files).toEqual(plain.files);
    expect(table.onDemand).toEqual(plain.onDemand);
    expect(inlineScripts(readFileSync(join(site, TABLE_POST), 'utf8'))).toEqual(inlineScripts(readFileSync(join(site, PLAIN_POST), 'utf8')));
    expect(shippedKb(site, TABLE_POST)).toBeLessThanOrEqual(shippedKb(site, PLAIN_POST));
  });

  it('passes the bench\'s budget for it: the plain post\'s weight', () => {
    const templates = publicTemplates(site);
    const plain = templates.find((template) => template.name.startsWith('a blog post (no products'));
    const withTable = templates.find((template) => template.name === 'a blog post (comparison table of 8 products)');
    expect(withTable?.file).toBe(TABLE_POST);
    expect(withTable?.budgetKb).toBe(shippedKb(site, plain!.file));
    const figure = javascriptFigures(site).find((each) => each.name.endsWith(withTable!.name));
    expect(figure && verdict(figure)).toBe('PASS');
  });
});
