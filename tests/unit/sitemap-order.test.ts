import type { AstroIntegration } from 'astro';
import { describe, expect, it } from 'vitest';
import { inSitemapOrder } from '../../src/integrations/site-files.ts';

type Done = NonNullable<AstroIntegration['hooks']['astro:build:done']>;

describe("the sitemap's pages", () => {
  it('arrive in the order the sitemap sorts its URLs into, page 9 before page 10', async () => {
    let given: string[] = [];
    const sitemap: AstroIntegration = {
      name: 'sitemap',
      hooks: { 'astro:build:done': ((params) => void (given = params.pages.map((page) => page.pathname))) as Done },
    };
    const pathnames = ['products/page/10', '/product/b', 'product/a-2', 'product/A-1', '', 'products/page/9', 'about', 'products/page/100'];
    await inSitemapOrder(sitemap).hooks['astro:build:done']!({ pages: pathnames.map((pathname) => ({ pathname })) } as Parameters<Done>[0]);
    // The sitemap's own sort, over the URLs it makes of the pages.
    const urls = pathnames.map((pathname) => `https://repwell.example/${pathname.replace(/^\/+/, '')}`);
    const sorted = [...urls].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    expect(given.map((pathname) => `https://repwell.example/${pathname.replace(/^\/+/, '')}`)).toEqual(sorted);
    expect(given.indexOf('products/page/9')).toBeLessThan(given.indexOf('products/page/10'));
  });

  it('leave an integration without astro:build:done as it is', () => {
    const other: AstroIntegration = { name: 'other', hooks: {} };
    expect(inSitemapOrder(other)).toBe(other);
  });
});
