/**
 * Products inside articles, end to end on the server side: the blog admin API keeps valid product blocks and strips
 * forged ones (sanitized at write time), a real build renders each block from the product's data at build time (its
 * current price, a tracked and sponsored buy link) and drops a deleted product, logging which post lost what, the
 * admin overview names the post too, and the product page links the post that reviews it. The demo guides' blocks
 * (written in their Markdown, content/guides) go through the same build: an unpublished or deleted product drops out
 * of a guide, the build logs it, and the overview names the guide.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.ts';
import { seedDemoContent } from '../../db/seed/index.ts';
import { formatPrice } from '../../src/domain/money.ts';
import { readGuideArticles, type GuideArticle } from '../../src/server/article-blocks/guide-articles.ts';
import { checkBuiltSite } from '../../src/server/disclosure/site-check.ts';
import { buildSite } from '../../src/server/local/builder.ts';
import type { Logger } from '../../src/server/local/logger.ts';
import { signedInAs } from '../helpers/admin-api.ts';
import { listedProducts } from '../helpers/listed-products.ts';
import { startLocalApi, type Browser, type LocalApi } from '../helpers/local-api.ts';

let api: LocalApi;
let admin: Browser;
let work: string;
let site: string;
const buildLog: string[] = [];
let ids: number[];
let slugOf: Map<number, string>;
let postId: number;
const NEW_PRICE = 123.45;
const GUIDE_PRICE = 67.89;
/** The demo guides with product blocks, as the files hold them: the recovery guide's comparison table, the sleep guide's list. */
const guides = readGuideArticles();
const guide = (page: string): GuideArticle => {
  const found = guides.find((entry) => entry.page === page);
  if (!found) throw new Error(`${page} has no product block`);
  return found;
};
const RECOVERY = '/guides/recovery-routines';
const SLEEP = '/guides/sleep-optimization';

const collecting: Logger = { info: (line) => buildLog.push(line), warn: (line) => buildLog.push(line), error: (line) => buildLog.push(line) };

beforeAll(async () => {
  api = await startLocalApi();
  admin = await signedInAs(api, 'admin');
  await seedDemoContent(api.temp.database, { productCount: 40 });
  ({ ids, slugOf } = await listedProducts(api.temp.database, 4));
  work = mkdtempSync(join(tmpdir(), 'repwell-blocks-'));
  site = join(work, 'site');
}, 60_000);

afterAll(async () => {
  await api?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the blog admin API stores product blocks as validated references', () => {
  it('keeps valid blocks canonically and strips forged attributes and blocks', async () => {
    const [a, b, c, d] = ids as [number, number, number, number];
    const content = [
      '<p>Our pick.</p>',
      `<div data-product-block="box" data-product-ids="${a}" data-price="1.00" onclick="steal()" style="x"></div>`,
      `<div data-product-block="list" data-product-ids="${a},${b},${c}" data-product-notes='["Best overall","Runner-up","Cheapest"]'></div>`,
      `<div data-product-block="table" data-product-ids="${a},${b},${c},${d}" data-product-rows="price,rating,stock"></div>`,
      // Forged: a script kind, a row outside the allowlist, ids that are not integers, a filled block.
      '<div data-product-block="script" data-product-ids="1"></div>',
      `<div data-product-block="table" data-product-ids="${a}" data-product-rows="price,javascript"></div>`,
      '<div data-product-block="grid" data-product-ids="1;2"></div>',
      `<div data-product-block="box" data-product-ids="${b}"><p>Inside</p></div>`,
    ].join('');
    const response = await admin.fetch('/api/admin/blog', { method: 'POST', json: { title: 'Best recovery gear', excerpt: '', content, imageUrl: '', published: true } });
    expect(response.status).toBe(201);
    const post = (await response.json()) as { id: number; content: string };
    postId = post.id;
    expect(post.content).toBe(
      [
        '<p>Our pick.</p>',
        `<div data-product-block="box" data-product-ids="${a}"></div>`,
        `<div data-product-block="list" data-product-ids="${a},${b},${c}" data-product-notes="[&quot;Best overall&quot;,&quot;Runner-up&quot;,&quot;Cheapest&quot;]"></div>`,
        `<div data-product-block="table" data-product-ids="${a},${b},${c},${d}" data-product-rows="price,rating,stock"></div>`,
        '<p>Inside</p>',
      ].join(''),
    );
  });
});

describe('a build renders blocks from the products as they are now', () => {
  beforeAll(async () => {
    const [a, , c] = ids as [number, number, number];
    // After the post was written: a new price, checked now, and a product deleted through the admin API.
    await api.temp.database.run((db) => db.update(products).set({ price: NEW_PRICE, salePrice: null, priceCheckedAt: new Date() }).where(eq(products.id, a)));
    const deleted = await admin.fetch(`/api/admin/products/${c}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    // The recovery guide's table: its first product gets a new price, its last is unpublished (made a draft). The
    // sleep guide's list holds the product deleted above (demo product ids are stable, db/seed/index.ts).
    const [first, , last] = guide(RECOVERY).blocks[0]!.ids as [number, number, number];
    expect([first, last]).not.toContain(c);
    expect(guide(SLEEP).blocks[0]!.ids).toContain(c);
    await api.temp.database.run((db) => db.update(products).set({ price: GUIDE_PRICE, salePrice: null, priceCheckedAt: new Date() }).where(eq(products.id, first)));
    await api.temp.database.run((db) => db.update(products).set({ attributes: sql`json_set(${products.attributes}, '$.status', 'Draft')` }).where(eq(products.id, last)));
    await buildSite({ outDir: site, databaseUrl: api.temp.url, cacheDir: join(work, 'astro-cache'), quiet: true, skipIndex: true, logger: collecting });
  }, 300_000);

  const postHtml = () => readFileSync(join(site, 'blog', 'best-recovery-gear.html'), 'utf8');
  const pageHtml = (page: string) => readFileSync(join(site, `${page.slice(1)}.html`), 'utf8');
  const blockHtml = (kind: string, html = postHtml()) => {
    const start = html.indexOf(`data-product-block-shown="${kind}"`);
    expect(start, kind).toBeGreaterThan(0);
    const next = html.indexOf('data-product-block-shown=', start + 10);
    return html.slice(start, next < 0 ? html.indexOf('</article>', start) : next);
  };

  it('shows the current price in the box with a tracked, sponsored buy link', () => {
    const [a] = ids as [number];
    const box = blockHtml('box');
    expect(box).toContain(formatPrice(NEW_PRICE));
    expect(box).toContain('Price as of');
    expect(box).toMatch(new RegExp(`<a href="https://[^"]+" target="_blank" rel="sponsored noopener" data-track-click="${a}"`));
    expect(box).toContain(`href="/product/${slugOf.get(a)}"`);
  });

  it('drops the deleted product from the list (ranked again) and the table, and logs what the post lost', () => {
    const [a, b, c, d] = ids as [number, number, number, number];
    const list = blockHtml('list');
    expect(list).not.toContain(`/product/${slugOf.get(c)}"`);
    expect(list).toMatch(/>2\.<\/span>/);
    expect(list).not.toMatch(/>3\.<\/span>/);
    expect(list).toContain('Runner-up');
    expect(list).not.toContain('Cheapest');
    const table = blockHtml('table');
    expect(table.match(/<th scope="col"/g)).toHaveLength(3);
    for (const id of [a, b, d]) expect(table).toContain(`data-track-click="${id}"`);
    expect(table).not.toContain(`data-track-click="${c}"`);
    expect(table).toContain('sticky left-0');
    expect(buildLog.some((line) => line.includes(`/blog/best-recovery-gear ("Best recovery gear") lost product ${c}`))).toBe(true);
  });

  it('shows the disclosure before the first block, and the build\'s disclosure check passes the site', async () => {
    const html = postHtml();
    expect(html.indexOf('data-affiliate-disclosure')).toBeGreaterThan(0);
    expect(html.indexOf('data-affiliate-disclosure')).toBeLessThan(html.indexOf('data-product-block-shown'));
    const check = await checkBuiltSite(site);
    expect(check.violations).toEqual([]);
  });

  it('links the product page to the post with it in a box', () => {
    const [a, b] = ids as [number, number];
    const page = readFileSync(join(site, 'product', `${slugOf.get(a)}.html`), 'utf8');
    expect(page).toContain('<a href="/blog/best-recovery-gear"');
    expect(page).toContain('Read our review: Best recovery gear');
    // The runner-up is featured in the list and the table only: the same post, as the first that features it.
    expect(readFileSync(join(site, 'product', `${slugOf.get(b)}.html`), 'utf8')).toContain('Read our review: Best recovery gear');
  });

  it('names the post and the missing product on the admin overview', async () => {
    const [, , c] = ids as [number, number, number];
    const response = await admin.fetch('/api/admin/overview');
    expect(response.status).toBe(200);
    const overview = (await response.json()) as { blockLosses: { kind: string; page: string; title: string; missing: number[] }[] };
    expect(overview.blockLosses.filter((loss) => loss.kind === 'post')).toEqual([{ kind: 'post', page: '/blog/best-recovery-gear', title: 'Best recovery gear', missing: [c] }]);
    expect(postId).toBeGreaterThan(0);
  });

  describe('in a guide', () => {
    it("shows the current price with a tracked, sponsored buy link, and the disclosure before the first block", () => {
      const [first, second] = guide(RECOVERY).blocks[0]!.ids as [number, number];
      const html = pageHtml(RECOVERY);
      const table = blockHtml('table', html);
      expect(table).toContain(formatPrice(GUIDE_PRICE));
      expect(table).toMatch(new RegExp(`<a href="https://[^"]+" target="_blank" rel="sponsored noopener" data-track-click="${first}"`));
      expect(table).toContain(`data-track-click="${second}"`);
      expect(html.indexOf('data-affiliate-disclosure')).toBeGreaterThan(0);
      expect(html.indexOf('data-affiliate-disclosure')).toBeLessThan(html.indexOf('data-product-block-shown'));
    });

    it('drops an unpublished product from a table and a deleted one from a list, and the build logs both guides', () => {
      const [, , c] = ids as [number, number, number];
      const [, , last] = guide(RECOVERY).blocks[0]!.ids as [number, number, number];
      const table = blockHtml('table', pageHtml(RECOVERY));
      expect(table.match(/<th scope="col"/g)).toHaveLength(2);
      expect(table).not.toContain(`data-track-click="${last}"`);
      const list = blockHtml('list', pageHtml(SLEEP));
      expect(list).not.toContain(`data-track-click="${c}"`);
      expect(list).toMatch(/>1\.<\/span>/);
      expect(list).not.toMatch(/>2\.<\/span>/);
      expect(buildLog.some((line) => line.includes(`${RECOVERY} ("Recovery Routines") lost product ${last} `))).toBe(true);
      expect(buildLog.some((line) => line.includes(`${SLEEP} ("Sleep Optimization") lost product ${c} `))).toBe(true);
    });

    it('names the guides and their lost products on the admin overview', async () => {
      const [, , c] = ids as [number, number, number];
      const [, , last] = guide(RECOVERY).blocks[0]!.ids as [number, number, number];
      const overview = (await (await admin.fetch('/api/admin/overview')).json()) as { blockLosses: { kind: string; page: string; title: string; missing: number[] }[] };
      expect(overview.blockLosses.filter((loss) => loss.kind === 'guide')).toEqual([
        { kind: 'guide', page: RECOVERY, title: 'Recovery Routines', missing: [last] },
        { kind: 'guide', page: SLEEP, title: 'Sleep Optimization', missing: [c] },
      ]);
    });
  });
});
