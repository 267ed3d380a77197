/**
 * Roundups on the server side: the blog admin API stores a roundup post's picks and sections (sanitized), refuses bad
 * roundups with 422 and the rule's message and writes nothing, and a real build renders the picks after the intro
 * with the products' current prices and tracked buy links, the comparison table, the sections, the disclosure first
 * and an ItemList; a pick whose product is deleted drops out and is logged, and its product page links the roundup.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts, products } from '../../db/schema.ts';
import { seedDemoContent } from '../../db/seed/index.ts';
import type { AdminBlogPost } from '../../src/domain/admin/blog.ts';
import { roundupTexts } from '../../src/domain/editorial/roundup.ts';
import { formatPrice } from '../../src/domain/money.ts';
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
let ids: number[];
let slugOf: Map<number, string>;
let post: AdminBlogPost;
const buildLog: string[] = [];
const NEW_PRICE = 87.65;
const collecting: Logger = { info: (line) => buildLog.push(line), warn: (line) => buildLog.push(line), error: (line) => buildLog.push(line) };

const roundup = (overrides: Record<string, unknown> = {}) => {
  const [a, b, c] = ids as [number, number, number];
  return {
    thing: 'recovery tools',
    year: 2026,
    picks: [
      { productId: a, award: 'best overall', paragraph: '<p onclick="steal()">The one we reach for.<script>alert(1)</script></p>' },
      { productId: b, award: 'Best Budget', paragraph: '<p>Cheap and good.</p>' },
      { productId: c, award: 'Quietest', paragraph: '<p>For shared flats.</p>' },
    ],
    howWeChose: '<p>We used each for two weeks.</p>',
    competition: '<p>Close, but not quite.</p>',
    ...overrides,
  };
};
const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'The best recovery tools of 2026',
  excerpt: 'Our picks.',
  content: '<p>Intro to the picks.</p>',
  kind: 'roundup',
  published: true,
  ...overrides,
});
const roundupPosts = () => api.temp.database.run((db) => db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, 'the-best-recovery-tools-of-2026')));

beforeAll(async () => {
  api = await startLocalApi();
  admin = await signedInAs(api, 'admin');
  await seedDemoContent(api.temp.database, { productCount: 40 });
  ({ ids, slugOf } = await listedProducts(api.temp.database, 3));
  work = mkdtempSync(join(tmpdir(), 'repwell-roundups-'));
  site = join(work, 'site');
}, 60_000);

afterAll(async () => {
  await api?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the blog admin API and roundups', () => {
  it('refuses a bad roundup with 422 and the rule, and writes nothing', async () => {
    const [a] = ids as [number];
    const cases: [Record<string, unknown>, string][] = [
      [body({ roundup: undefined }), roundupTexts.roundupRequired],
      [body({ roundup: roundup({ thing: '' }) }), roundupTexts.thingRequired],
      [body({ roundup: roundup({ year: 99 }) }), roundupTexts.year],
      [body({ roundup: roundup({ picks: [] }) }), roundupTexts.picksTooFew],
      [body({ roundup: roundup({ picks: [{ productId: a, award: 'Best Overall', paragraph: '<p>x</p>' }, { productId: a, award: 'Best Budget', paragraph: '<p>y</p>' }] }) }), roundupTexts.pickRepeated],
      [body({ roundup: roundup({ picks: [{ productId: a, award: 'x'.repeat(31), paragraph: '<p>x</p>' }] }) }), roundupTexts.award],
      [body({ roundup: roundup({ picks: [{ productId: a, award: 'Best Overall', paragraph: '' }] }) }), roundupTexts.paragraphRequired],
      [body({ roundup: roundup({ picks: [{ productId: 999_999, award: 'Best Overall', paragraph: '<p>x</p>' }] }) }), roundupTexts.pickUnknown],
      [body({ roundup: 'not an object' }), roundupTexts.notAnObject],
      // Text the sanitizer removes leaves no paragraph: refused as stored, not kept as an empty pick.
      [body({ roundup: roundup({ picks: [{ productId: a, award: 'Best Overall', paragraph: '<script>alert(1)</script>' }] }) }), roundupTexts.paragraphRequired],
      [body({ kind: 'listicle', roundup: roundup() }), "The kind must be 'article' or 'roundup'."],
    ];
    for (const [request, message] of cases) {
      const response = await admin.fetch('/api/admin/blog', { method: 'POST', json: request });
      expect(response.status, message).toBe(422);
      expect(((await response.json()) as { error: { description: string } }).error.description).toBe(message);
    }
    expect(await roundupPosts()).toEqual([]);
  });

  it('stores a roundup with sanitized paragraphs and standard awards spelt as such', async () => {
    const response = await admin.fetch('/api/admin/blog', { method: 'POST', json: body({ roundup: roundup() }) });
    expect(response.status).toBe(201);
    post = (await response.json()) as AdminBlogPost;
    expect(post.kind).toBe('roundup');
    expect(post.roundup?.picks.map((pick) => pick.award)).toEqual(['Best Overall', 'Best Budget', 'Quietest']);
    expect(post.roundup?.picks[0]?.paragraph).toBe('<p>The one we reach for.</p>');
    const stored = await api.temp.database.run((db) => db.select().from(blogPosts).where(eq(blogPosts.id, post.id)).get());
    expect(stored?.kind).toBe('roundup');
    expect(JSON.stringify(stored?.roundup)).not.toMatch(/script|onclick/);
  });

  it('refuses a bad update with 422 and keeps the stored roundup', async () => {
    const before = await api.temp.database.run((db) => db.select().from(blogPosts).where(eq(blogPosts.id, post.id)).get());
    const response = await admin.fetch(`/api/admin/blog/${post.id}`, { method: 'PUT', json: body({ roundup: roundup({ picks: Array.from({ length: 11 }, (_, i) => ({ productId: i + 1, award: 'A', paragraph: '<p>x</p>' })) }) }) });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { error: { description: string } }).error.description).toBe(roundupTexts.picksTooMany);
    expect(await api.temp.database.run((db) => db.select().from(blogPosts).where(eq(blogPosts.id, post.id)).get())).toEqual(before);
  });

  it('turns a roundup back into an article, dropping its roundup', async () => {
    const other = await admin.fetch('/api/admin/blog', { method: 'POST', json: body({ title: 'Was a roundup', published: false, roundup: roundup() }) });
    const created = (await other.json()) as AdminBlogPost;
    const response = await admin.fetch(`/api/admin/blog/${created.id}`, { method: 'PUT', json: body({ title: 'Was a roundup', published: false, kind: 'article', roundup: roundup() }) });
    expect(response.status).toBe(200);
    expect(((await response.json()) as AdminBlogPost).roundup).toBeNull();
  });
});

describe('a build renders a roundup from the products as they are now', () => {
  beforeAll(async () => {
    const [a, , c] = ids as [number, number, number];
    await api.temp.database.run((db) => db.update(products).set({ price: NEW_PRICE, salePrice: null, priceCheckedAt: new Date() }).where(eq(products.id, a)));
    const deleted = await admin.fetch(`/api/admin/products/${c}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    await buildSite({ outDir: site, databaseUrl: api.temp.url, cacheDir: join(work, 'astro-cache'), quiet: true, skipIndex: true, logger: collecting });
  }, 300_000);

  const postHtml = () => readFileSync(join(site, 'blog', 'the-best-recovery-tools-of-2026.html'), 'utf8');

  it('renders the picks after the intro with the current price and a tracked, sponsored buy link', () => {
    const [a, b] = ids as [number, number];
    const html = postHtml();
    const picks = html.slice(html.indexOf('data-roundup-picks'), html.indexOf('data-roundup-table'));
    expect(html.indexOf('Intro to the picks.')).toBeLessThan(html.indexOf('data-roundup-picks'));
    expect(picks).toContain(formatPrice(NEW_PRICE));
    expect(picks).toContain('Price as of');
    expect(picks).toMatch(new RegExp(`<a href="https://[^"]+" target="_blank" rel="sponsored noopener" data-track-click="${a}"`));
    expect(picks).toContain(`data-roundup-pick="${b}"`);
    expect(picks).toContain('Best Overall');
    expect(picks).toContain('The one we reach for.');
  });

  it('drops the deleted pick from the picks, the table and the ItemList, and logs it', () => {
    const [a, b, c] = ids as [number, number, number];
    const html = postHtml();
    expect(html).not.toContain(`data-roundup-pick="${c}"`);
    expect(html).not.toContain('For shared flats.');
    const table = html.slice(html.indexOf('data-roundup-table'), html.indexOf('roundup-how'));
    expect(table.match(/<th scope="col"/g)).toHaveLength(2);
    expect(table).toContain('Best Budget');
    expect(table).not.toContain(`data-track-click="${c}"`);
    const itemList = [...html.matchAll(/<script[^>]*application\/ld\+json[^>]*>(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!)).find((data) => data['@type'] === 'ItemList');
    expect(itemList.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, url: expect.stringMatching(new RegExp(`/product/${slugOf.get(a)}$`)), name: expect.any(String) },
      { '@type': 'ListItem', position: 2, url: expect.stringMatching(new RegExp(`/product/${slugOf.get(b)}$`)), name: expect.any(String) },
    ]);
    expect(buildLog.some((line) => line.includes(`/blog/the-best-recovery-tools-of-2026 ("The best recovery tools of 2026") lost product ${c}`))).toBe(true);
  });

  it("shows 'How we chose' and 'The competition', the disclosure before the first pick, and passes the disclosure check", async () => {
    const html = postHtml();
    expect(html).toMatch(/<h2[^>]*>How we chose<\/h2>/);
    expect(html).toContain('We used each for two weeks.');
    expect(html).toMatch(/<h2[^>]*>The competition<\/h2>/);
    expect(html.indexOf('data-affiliate-disclosure')).toBeGreaterThan(0);
    expect(html.indexOf('data-affiliate-disclosure')).toBeLessThan(html.indexOf('data-roundup-pick'));
    expect((await checkBuiltSite(site)).violations).toEqual([]);
  });

  it('links a picked product page to the roundup, and the overview names the lost pick', async () => {
    const [a, , c] = ids as [number, number, number];
    expect(readFileSync(join(site, 'product', `${slugOf.get(a)}.html`), 'utf8')).toContain('<a href="/blog/the-best-recovery-tools-of-2026"');
    const overview = (await (await admin.fetch('/api/admin/overview')).json()) as { blockLosses: { page: string; missing: number[] }[] };
    expect(overview.blockLosses).toContainEqual(expect.objectContaining({ page: '/blog/the-best-recovery-tools-of-2026', missing: [c] }));
  });
});
