import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchRedirect, parseRedirects, type RedirectRule } from '../../src/server/local/redirects.ts';

/** The site's own file, as the build copies it. */
const publicRedirects = readFileSync(join(import.meta.dirname, '../../public/_redirects'), 'utf8');

/** What the build appends for the categories it pre-renders (the shape catalogue-rewrites.ts writes). */
const catalogueRules = `
/products  category=fitness  featured=true  /products/top-picks/fitness  200!
/products  category=recovery  featured=true  /products/top-picks/recovery  200!
/products  featured=true  /products/top-picks  200!
/products  category=fitness  /products/category/fitness  200!
/products  category=recovery  /products/category/recovery  200!
`;

const { rules } = parseRedirects(`${publicRedirects}\n${catalogueRules}`);

/** The page served for a URL, with its status; undefined is "the file at that path, or the site 404". */
function served(url: string, fileExists = true, from: readonly RedirectRule[] = rules) {
  const { pathname, search } = new URL(url, 'http://site');
  const match = matchRedirect(from, { pathname, search }, fileExists);
  return match && { status: match.status, path: match.path };
}

describe('parsing _redirects', () => {
  it('keeps the 404 pages and the forced rewrites of the site file', () => {
    expect(rules.map((rule) => [rule.status, rule.force])).toEqual([
      [404, false],
      [404, false],
      ...Array.from({ length: 5 }, () => [200, true]),
    ]);
    expect(rules[2]).toMatchObject({
      segments: ['products'],
      splat: false,
      query: [
        { key: 'category', value: 'fitness' },
        { key: 'featured', value: 'true' },
      ],
      to: '/products/top-picks/fitness',
    });
  });

  it('reads a splat, placeholders, comments and Windows line ends', () => {
    const parsed = parseRedirects('# heading\r\n/news/:year/*  section=:section  /blog/:section/:year/:splat  200  # trailing note\r\n');
    expect(parsed.ignored).toEqual([]);
    expect(parsed.rules).toEqual([
      {
        line: 2,
        segments: ['news', ':year'],
        splat: true,
        query: [{ key: 'section', placeholder: 'section' }],
        to: '/blog/:section/:year/:splat',
        status: 200,
        force: false,
      },
    ]);
  });

  it('ignores, with the reason, every kind of rule the local server does not perform', () => {
    const { rules: kept, ignored } = parseRedirects(
      [
        '/old  /new',
        '/moved  /elsewhere  302',
        '/api/*  https://api.example.com/:splat  200',
        'https://www.example.com/*  https://example.com/:splat  301!',
        '/admin/*  /admin/  200!  Role=admin',
        '/fr  /fr/  200  Country=fr',
        '/flag  enabled  /on/  200!',
        '/lonely',
      ].join('\n'),
    );
    expect(kept).toEqual([]);
    expect(ignored.map((line) => [line.line, line.reason])).toEqual([
      [1, 'status 301 is not supported locally (only 200 rewrites and 404 pages)'],
      [2, 'status 302 is not supported locally (only 200 rewrites and 404 pages)'],
      [3, 'proxying to another host is not supported locally'],
      [4, 'domain-level rules are not supported locally'],
      [5, 'conditions such as "Role=admin" are not supported locally'],
      [6, 'conditions such as "Country=fr" are not supported locally'],
      [7, 'query condition "enabled" has no value'],
      [8, 'no target path'],
    ]);
  });
});

describe('section not-found pages (404 rules)', () => {
  it('serve the section page with status 404 for a missing path under it, the bare section included', () => {
    expect(served('/blog/no-such-post', false)).toEqual({ status: 404, path: '/blog/not-found.html' });
    expect(served('/product/gone/deeper', false)).toEqual({ status: 404, path: '/product/not-found.html' });
    expect(served('/product/', false)).toEqual({ status: 404, path: '/product/not-found.html' });
    expect(served('/product', false)).toEqual({ status: 404, path: '/product/not-found.html' });
  });

  it('never hide a page that exists (they are not forced)', () => {
    expect(served('/product/real-item/', true)).toBeUndefined();
  });

  it('leave other paths to the site 404', () => {
    expect(served('/products-x', false)).toBeUndefined();
    expect(served('/blogger', false)).toBeUndefined();
  });
});

describe('catalogue query rewrites (200!)', () => {
  it('serve the category page for ?category=, with status 200, although /products has a page of its own', () => {
    expect(served('/products?category=fitness')).toEqual({ status: 200, path: '/products/category/fitness' });
  });

  it('serve the Top Picks pages for ?featured=true, with or without a category, whatever the parameter order', () => {
    expect(served('/products?featured=true')).toEqual({ status: 200, path: '/products/top-picks' });
    expect(served('/products?featured=true&category=recovery')?.path).toBe('/products/top-picks/recovery');
    expect(served('/products?category=recovery&featured=true')?.path).toBe('/products/top-picks/recovery');
  });

  it('still apply when the request carries more parameters than the rule names', () => {
    expect(served('/products?sort=price-low&category=fitness&rating=4%2B&availability=in-stock,out-of-stock')?.path).toBe(
      '/products/category/fitness',
    );
    expect(served('/products?search=mat&featured=true&category=fitness&min_price=10')?.path).toBe('/products/top-picks/fitness');
  });

  it('take the first rule that matches, so the most specific rule has to come first', () => {
    const ruleTo = (to: string) => rules.find((rule) => rule.to === to)!;
    const wrongOrder = [ruleTo('/products/top-picks'), ruleTo('/products/top-picks/fitness')];
    expect(served('/products?featured=true&category=fitness', true, wrongOrder)?.path).toBe('/products/top-picks');
    expect(served('/products?featured=true&category=fitness')?.path).toBe('/products/top-picks/fitness');
  });

  it('leave an unknown category to the default /products page (no rule names it)', () => {
    expect(served('/products?category=no-such-category')).toBeUndefined();
    expect(served('/products?category=')).toBeUndefined();
    expect(served('/products?featured=true&category=no-such-category')?.path).toBe('/products/top-picks');
  });

  it('match values exactly, after percent-decoding', () => {
    expect(served('/products?category=fit%6Eess')?.path).toBe('/products/category/fitness');
    expect(served('/products?category=Fitness')).toBeUndefined();
    expect(served('/products?featured=TRUE')).toBeUndefined();
    expect(served('/products?featured=false&category=fitness')?.path).toBe('/products/category/fitness');
  });

  it('use the first of repeated parameters, as the catalogue itself does', () => {
    expect(served('/products?category=recovery&category=fitness')?.path).toBe('/products/category/recovery');
  });

  it('treat /products/ like /products, but not another path', () => {
    expect(served('/products/?category=fitness')?.path).toBe('/products/category/fitness');
    expect(served('/products/index.html?category=fitness')).toBeUndefined();
    expect(served('/products/category/fitness/?category=recovery')).toBeUndefined();
    expect(served('/product?category=fitness', false)?.status).toBe(404);
  });

  it('need the query: /products alone is the default page', () => {
    expect(served('/products')).toBeUndefined();
  });
});

describe('placeholders', () => {
  const placeholderRules = parseRedirects(`
/shelf  item=:item  /shelf/:item/  200!
/archive/:year/*  /old/:year/:splat  200
`).rules;
  const filled = (url: string, fileExists = false) => served(url, fileExists, placeholderRules)?.path;

  it('fill query and path placeholders and the splat into the target', () => {
    expect(filled('/shelf?item=bands')).toBe('/shelf/bands/');
    expect(filled('/archive/2024/march/notes')).toBe('/old/2024/march/notes');
  });

  it('apply an unforced rewrite only where no file exists', () => {
    expect(filled('/archive/2024/x', true)).toBeUndefined();
    expect(filled('/shelf?item=bands', true)).toBe('/shelf/bands/');
  });

  it('keep a captured value inside one encoded segment, so it cannot climb out of the site folder', () => {
    expect(filled('/shelf?item=a%2Fb')).toBe('/shelf/a%2Fb/');
    expect(filled('/shelf?item=../../etc/passwd')).toBe('/shelf/..%2F..%2Fetc%2Fpasswd/');
    expect(filled('/shelf?item=..')).toBe('/shelf/%2E%2E/');
    expect(filled('/shelf?item=.')).toBe('/shelf/%2E/');
    expect(filled('/shelf?item=%00')).toBe('/shelf/%00/');
    expect(filled('/shelf?item=a+b')).toBe('/shelf/a%20b/');
  });

  it('need a non-empty value for a query placeholder', () => {
    expect(filled('/shelf?item=')).toBeUndefined();
    expect(filled('/shelf')).toBeUndefined();
  });

  it('refuse a path segment that is not valid percent-encoding', () => {
    expect(matchRedirect(placeholderRules, { pathname: '/archive/%E0%A4%A/x', search: '' }, false)).toBeUndefined();
  });
});
