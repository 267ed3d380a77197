import { describe, expect, it } from 'vitest';
import { isIndexablePath, robotsTxt } from '../../src/domain/indexing.ts';

describe('what goes in the sitemap', () => {
  it('includes public content', () => {
    for (const path of ['/', '/products/', '/product/foam-roller/', '/blog/', '/blog/how-to-foam-roll/', '/guides/sleep-optimization/', '/about/', '/contact/', '/privacy-policy/']) {
      expect(isIndexablePath(path), path).toBe(true);
    }
    expect(isIndexablePath('https://repwell.example/blog/')).toBe(true);
  });

  it('leaves out per-user, admin and sign-in pages', () => {
    for (const path of ['/auth/', '/wishlist/', '/bookmarks/', '/dashboard/', '/dashboard/overview/', '/add-product/']) {
      expect(isIndexablePath(path), path).toBe(false);
    }
    expect(isIndexablePath('https://repwell.example/dashboard/hero-image/')).toBe(false);
  });

  it('leaves out not-found pages', () => {
    for (const path of ['/404/', '/404', '/product/not-found/', '/blog/not-found/']) {
      expect(isIndexablePath(path), path).toBe(false);
    }
  });

  it('does not mistake a page that merely starts with a private name', () => {
    expect(isIndexablePath('/blog/dashboard-ergonomics/')).toBe(true);
    expect(isIndexablePath('/authors/')).toBe(true);
  });
});

describe('robots.txt', () => {
  const text = robotsTxt('https://repwell.example/sitemap-index.xml');

  it('points to the sitemap', () => {
    expect(text).toContain('Sitemap: https://repwell.example/sitemap-index.xml');
  });

  it('disallows the API and private areas and allows the rest', () => {
    for (const path of ['/api/', '/auth', '/wishlist', '/bookmarks', '/dashboard', '/add-product']) {
      expect(text).toContain(`Disallow: ${path}\n`);
    }
    expect(text).toContain('Allow: /\n');
    expect(text.startsWith('User-agent: *\n')).toBe(true);
  });
});
