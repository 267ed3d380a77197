import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroIntegrationLogger } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryHref } from '../../src/domain/catalogue/categories.ts';
import { prerenderedCataloguePath } from '../../src/domain/catalogue/view.ts';
import { catalogueRewriteRules, catalogueRewrites, formatRewriteRule } from '../../src/integrations/catalogue-rewrites.ts';
import { redirectsFromText, type RedirectsUnderTest } from '../helpers/redirects.ts';

const slugs = ['fitness', 'recovery', 'office'];
/** Pages as Astro reports them after a build (no leading slash), the catalogue ones among others. */
const builtPages = [
  '',
  'about',
  'products',
  'products/top-picks',
  ...slugs.flatMap((slug) => [`products/category/${slug}`, `products/top-picks/${slug}`]),
  'product/adjustable-dumbbell-a',
  'blog/protein-timing',
];

const rules = catalogueRewriteRules(builtPages);
let parsed: RedirectsUnderTest;
beforeAll(async () => {
  parsed = await redirectsFromText(rules.map(formatRewriteRule).join('\n'));
});
afterAll(() => parsed?.dispose());
const pathOf = (match: Awaited<ReturnType<RedirectsUnderTest['served']>>) => (match?.kind === 'rewrite' ? match.path : undefined);

describe('catalogue rewrites for the pre-rendered views', () => {
  it('write one forced 200 rewrite per pre-rendered view, from its spec URL', () => {
    expect(rules).toHaveLength(1 + 2 * slugs.length);
    expect(formatRewriteRule(rules[0]!)).toBe('/products  category=fitness  featured=true  /products/top-picks/fitness.html  200!');
    expect(rules.map(formatRewriteRule)).toContain('/products  featured=true  /products/top-picks.html  200!');
    expect(rules.map(formatRewriteRule)).toContain('/products  category=office  /products/category/office.html  200!');
    expect(parsed.parsed.errors).toEqual([]);
    expect(parsed.parsed.redirects.every((rule) => rule.status === 200 && rule.force)).toBe(true);
  });

  it('put the rules with more conditions first, because Netlify takes the first match', () => {
    const conditions = rules.map((rule) => rule.query.length);
    expect(conditions).toEqual([...conditions].sort((a, b) => b - a));
    expect(conditions.slice(0, slugs.length)).toEqual(slugs.map(() => 2));
  });

  it('lead every view URL the site links to back to the page built for it', async () => {
    for (const category of [null, ...slugs]) {
      for (const featured of [false, true]) {
        if (!category && !featured) continue; // /products itself needs no rule
        const { pathname, search } = new URL(categoryHref(category, featured), 'http://site');
        const match = await parsed.served(`${pathname}${search}&sort=price-low`);
        expect(pathOf(match), `${pathname}${search}`).toBe(`${prerenderedCataloguePath(category, featured)}.html`);
      }
    }
  });

  it('write no rule for a category that has no page, so its URL falls back to /products', async () => {
    expect(await parsed.served('/products?category=yoga')).toBeUndefined();
  });

  it('skip pages that are not catalogue views and slugs that cannot be written plainly', () => {
    const odd = catalogueRewriteRules(['products/', 'products/category/', 'products/category/a b/', 'products/category/x/y/', 'blog/']);
    expect(odd).toEqual([]);
    expect(catalogueRewriteRules(['/products/category/fitness'])).toEqual([
      { from: '/products', query: [['category', 'fitness']], to: '/products/category/fitness.html' },
    ]);
  });
});

describe('the Astro integration', () => {
  const logger = { info: () => {}, warn: () => {}, error: () => {} } as unknown as AstroIntegrationLogger;

  it("appends the rewrites after the public file's rules, which keep working", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'repwell-rewrites-'));
    try {
      const publicRules = readFileSync(join(import.meta.dirname, '../../public/_redirects'), 'utf8');
      writeFileSync(join(dir, '_redirects'), publicRules);
      const hook = catalogueRewrites().hooks['astro:build:done']!;
      await hook({ dir: pathToFileURL(`${dir}/`), pages: builtPages.map((pathname) => ({ pathname })), assets: new Map(), logger });

      const written = readFileSync(join(dir, '_redirects'), 'utf8');
      expect(written.startsWith(publicRules.trimEnd())).toBe(true);
      const site = await redirectsFromText(written);
      try {
        expect(site.parsed.errors).toEqual([]);
        expect(pathOf(await site.served('/blog/missing', false))).toBe('/blog/not-found.html');
        expect(pathOf(await site.served('/products?category=recovery'))).toBe('/products/category/recovery.html');
      } finally {
        site.dispose();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
