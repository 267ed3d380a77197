import { describe, expect, it } from 'vitest';
import { findNotFoundPage, pageFile, parseNotFoundRules } from '../../src/server/local/not-found-rules.ts';

const rules = parseNotFoundRules(`
# section not-found pages
/blog/*      /blog/not-found     404
/product/*   /product/not-found  404
/old         /new                 301
`);

describe('section 404 rules from _redirects', () => {
  it('keeps only the 404 rules', () => {
    expect(rules).toHaveLength(2);
  });
  it('serves the section page for a missing path under it, including the bare section', () => {
    expect(findNotFoundPage(rules, '/blog/no-such-post')).toBe('/blog/not-found');
    expect(findNotFoundPage(rules, '/product/')).toBe('/product/not-found');
    expect(findNotFoundPage(rules, '/product')).toBe('/product/not-found');
  });
  it('leaves other paths to the site 404', () => {
    expect(findNotFoundPage(rules, '/products-x')).toBeUndefined();
    expect(findNotFoundPage(rules, '/blogger')).toBeUndefined();
  });
  it('maps a site path to the built file', () => {
    expect(pageFile('/site', '/blog/not-found')).toBe('/site/blog/not-found.html');
    expect(pageFile('/site', '/blog/not-found/')).toBe('/site/blog/not-found/index.html');
    expect(pageFile('/site', '/404.html')).toBe('/site/404.html');
  });
});
