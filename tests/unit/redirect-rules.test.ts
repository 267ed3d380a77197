/**
 * The site's `_redirects` rules as Netlify's own engine matches them (src/server/local/redirects.ts
 * runs @netlify/redirects): what each catalogue URL and section path is served, and the few
 * decisions that are the local server's own (dot segments in a filled-in target, engine errors).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectsFromText, type RedirectsUnderTest } from '../helpers/redirects.ts';

/** The site's own file, as the build copies it. */
const publicRedirects = readFileSync(join(import.meta.dirname, '../../public/_redirects'), 'utf8');

/** What the build appends for the categories it pre-renders (the shape catalogue-rewrites.ts writes). */
const catalogueRules = `
/products  category=fitness  featured=true  /products/top-picks/fitness.html  200!
/products  category=recovery  featured=true  /products/top-picks/recovery.html  200!
/products  featured=true  /products/top-picks.html  200!
/products  category=fitness  /products/category/fitness.html  200!
/products  category=recovery  /products/category/recovery.html  200!
`;

let site: RedirectsUnderTest;
let wrongOrder: RedirectsUnderTest;
let placeholders: RedirectsUnderTest;

beforeAll(async () => {
  site = await redirectsFromText(`${publicRedirects}\n${catalogueRules}`);
  wrongOrder = await redirectsFromText(`/products  featured=true  /products/top-picks.html  200!
/products  category=fitness  featured=true  /products/top-picks/fitness.html  200!
`);
  placeholders = await redirectsFromText(`
/shelf  item=:item  /shelf/:item/  200!
/archive/:year/*  /old/:year/:splat  200
/old-page  /new-page  301
/moved  https://elsewhere.example/page  302
/api/*  https://api.example.com/:splat  200
/admin/*  /admin/  200!  Role=admin
`);
});

afterAll(() => {
  for (const rules of [site, wrongOrder, placeholders]) rules?.dispose();
});

/** A rewrite as { status, path }; any other match as it is. */
type Served = Partial<{ status: number; path: string; kind: string; force: boolean; location: string; reason: string; target: string }>;

/** The page served for a URL, with its status; undefined is "the file at that path, or the site 404". */
async function served(url: string, fileExists = true, from = site): Promise<Served | undefined> {
  const match = await from.served(url, fileExists);
  if (!match) return undefined;
  return match.kind === 'rewrite' ? { status: match.status, path: match.path } : match;
}

describe('parsing _redirects with Netlify\'s parser', () => {
  it('reads the 404 pages and the forced rewrites of the site file without errors', () => {
    expect(site.parsed.errors).toEqual([]);
    expect(site.parsed.redirects.map((rule) => [rule.status, rule.force])).toEqual([
      [404, false],
      [404, false],
      ...Array.from({ length: 5 }, () => [200, true]),
    ]);
    expect(site.parsed.redirects[2]).toMatchObject({
      from: '/products',
      query: { category: 'fitness', featured: 'true' },
      to: '/products/top-picks/fitness.html',
    });
  });
});

describe('section not-found pages (404 rules)', () => {
  it('serve the section page with status 404 for a missing path under it, the bare section included', async () => {
    expect(await served('/blog/no-such-post', false)).toEqual({ status: 404, path: '/blog/not-found.html' });
    expect(await served('/product/gone/deeper', false)).toEqual({ status: 404, path: '/product/not-found.html' });
    expect(await served('/product/', false)).toEqual({ status: 404, path: '/product/not-found.html' });
    expect(await served('/product', false)).toEqual({ status: 404, path: '/product/not-found.html' });
  });

  it('never hide a page that exists (they are not forced)', async () => {
    expect(await served('/product/real-item/', true)).toBeUndefined();
  });

  it('leave other paths to the site 404', async () => {
    expect(await served('/products-x', false)).toBeUndefined();
    expect(await served('/blogger', false)).toBeUndefined();
  });
});

describe('catalogue query rewrites (200!)', () => {
  it('serve the category page for ?category=, with status 200, although /products has a page of its own', async () => {
    expect(await served('/products?category=fitness')).toEqual({ status: 200, path: '/products/category/fitness.html' });
  });

  it('serve the Top Picks pages for ?featured=true, with or without a category, whatever the parameter order', async () => {
    expect(await served('/products?featured=true')).toEqual({ status: 200, path: '/products/top-picks.html' });
    expect((await served('/products?featured=true&category=recovery'))?.path).toBe('/products/top-picks/recovery.html');
    expect((await served('/products?category=recovery&featured=true'))?.path).toBe('/products/top-picks/recovery.html');
  });

  it('still apply when the request carries more parameters than the rule names', async () => {
    expect((await served('/products?sort=price-low&category=fitness&rating=4%2B&availability=in-stock,out-of-stock'))?.path).toBe(
      '/products/category/fitness.html',
    );
    expect((await served('/products?search=mat&featured=true&category=fitness&min_price=10'))?.path).toBe('/products/top-picks/fitness.html');
  });

  it('take the first rule that matches, so the most specific rule has to come first', async () => {
    expect((await served('/products?featured=true&category=fitness', true, wrongOrder))?.path).toBe('/products/top-picks.html');
    expect((await served('/products?featured=true&category=fitness'))?.path).toBe('/products/top-picks/fitness.html');
  });

  it('leave an unknown category to the default /products page (no rule names it)', async () => {
    expect(await served('/products?category=no-such-category')).toBeUndefined();
    expect(await served('/products?category=')).toBeUndefined();
    expect((await served('/products?featured=true&category=no-such-category'))?.path).toBe('/products/top-picks.html');
  });

  it('match values exactly, after percent-decoding', async () => {
    expect((await served('/products?category=fit%6Eess'))?.path).toBe('/products/category/fitness.html');
    expect(await served('/products?category=Fitness')).toBeUndefined();
    expect(await served('/products?Category=fitness')).toBeUndefined();
    expect(await served('/products?category=fitness%20')).toBeUndefined();
    expect(await served('/products?featured=TRUE')).toBeUndefined();
    expect((await served('/products?featured=false&category=fitness'))?.path).toBe('/products/category/fitness.html');
  });

  // Netlify's engine reads the last of repeated parameters (the catalogue island reads the first:
  // URLSearchParams.get), so the page served and the island's view differ for such a URL.
  it('use the last of repeated parameters, as Netlify does', async () => {
    expect((await served('/products?category=recovery&category=fitness'))?.path).toBe('/products/category/fitness.html');
    expect((await served('/products?category=fitness&category=recovery'))?.path).toBe('/products/category/recovery.html');
  });

  it('treat /products/ like /products, but not another path', async () => {
    expect((await served('/products/?category=fitness'))?.path).toBe('/products/category/fitness.html');
    expect(await served('/products/index.html?category=fitness')).toBeUndefined();
    expect(await served('/products/category/fitness/?category=recovery')).toBeUndefined();
    expect((await served('/product?category=fitness', false))?.status).toBe(404);
  });

  it('need the query: /products alone is the default page', async () => {
    expect(await served('/products')).toBeUndefined();
  });
});

describe('placeholders', () => {
  const filled = async (url: string, fileExists = false) => {
    const match = await served(url, fileExists, placeholders);
    return match?.path ?? match;
  };

  it('fill query and path placeholders and the splat into the target', async () => {
    expect(await filled('/shelf?item=bands')).toBe('/shelf/bands/');
    expect(await filled('/archive/2024/march/notes')).toBe('/old/2024/march/notes');
  });

  it('apply an unforced rewrite only where no file exists', async () => {
    expect(await filled('/archive/2024/x', true)).toBeUndefined();
    expect(await filled('/shelf?item=bands', true)).toBe('/shelf/bands/');
  });

  it('keep a captured value inside one encoded segment, so it cannot climb out of the site folder', async () => {
    expect(await filled('/shelf?item=a%2Fb')).toBe('/shelf/a%2Fb/');
    expect(await filled('/shelf?item=../../etc/passwd')).toBe('/shelf/..%2F..%2Fetc%2Fpasswd/');
    expect(await filled('/shelf?item=%00')).toBe('/shelf/%00/');
    // A `+` in a query value is a plus sign to Netlify's engine, and stays one in the path.
    expect(await filled('/shelf?item=a+b')).toBe('/shelf/a+b/');
  });

  it('refuse a target that a captured `.` or `..` would move to another page (the local server\'s own rule)', async () => {
    for (const value of ['..', '.', '%2e%2e', '%2E']) {
      expect(await served(`/shelf?item=${value}`, false, placeholders), value).toMatchObject({ kind: 'not-found', force: true });
    }
  });

  it('match an empty query value too (Netlify does): the target is then /shelf//, which no file has', async () => {
    expect(await filled('/shelf?item=')).toBe('/shelf//');
    expect(await filled('/shelf')).toBeUndefined();
  });

  it('answer a path that is not valid percent-encoding with the site 404', async () => {
    expect(await served('/archive/%E0%A4%A/x', false, placeholders)).toMatchObject({ kind: 'not-found' });
  });
});

describe('the other kinds of rule', () => {
  it('redirect with the rule status and the query, to a path of this site', async () => {
    expect(await served('/old-page?ref=x', false, placeholders)).toMatchObject({ kind: 'redirect', status: 301, location: '/new-page?ref=x' });
    expect(await served('/old-page', true, placeholders)).toBeUndefined();
  });

  it('redirect to another host with an absolute address', async () => {
    expect(await served('/moved', false, placeholders)).toMatchObject({ kind: 'redirect', status: 302, location: 'https://elsewhere.example/page' });
  });

  it('report a proxy to another host, which only Netlify performs', async () => {
    expect(await served('/api/users', false, placeholders)).toMatchObject({ kind: 'proxy', target: 'https://api.example.com/users' });
  });

  it('answer a Role rule, which needs Netlify Identity, with the site 404', async () => {
    expect(await served('/admin/panel', false, placeholders)).toMatchObject({ kind: 'not-found', force: true });
  });
});
