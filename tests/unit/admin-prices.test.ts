import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedPriceChecks } from '../../db/seed/prices.ts';
import { structuredOffer } from '../../src/domain/admin/scrape/extract.ts';
import { chartPoints, lastRefreshLabel, priceAgeLabel, sparklinePath, type PriceHistoryEntry } from '../../src/domain/admin/prices.ts';
import { isPriceStale } from '../../src/domain/product-display/price-age.ts';
import { PRICE_HISTORY_LIMIT } from '../../src/domain/prices/price-check.ts';

const HOUR = 3_600_000;
const now = Date.UTC(2026, 10, 28, 12, 0);

describe("the admin's words for a price's age", () => {
  it('says how long ago, and never for a price never checked', () => {
    expect(priceAgeLabel(null, now)).toBe('never');
    expect(priceAgeLabel(new Date(now - 20_000).toISOString(), now)).toBe('just now');
    expect(priceAgeLabel(new Date(now - 5 * 60_000).toISOString(), now)).toBe('5 min ago');
    expect(priceAgeLabel(new Date(now - 3 * HOUR).toISOString(), now)).toBe('3 h ago');
    expect(priceAgeLabel(new Date(now - 72 * HOUR).toISOString(), now)).toBe('3 d ago');
  });

  it("the last refresh reads 'never' until the refresh has run", () => {
    expect(lastRefreshLabel(null, () => 'x')).toBe('never');
    expect(lastRefreshLabel('2026-11-28T10:00:00.000Z', (date) => date.toISOString())).toBe('2026-11-28T10:00:00.000Z');
  });
});

describe('the price history chart', () => {
  const check = (price: number | null, salePrice: number | null, hoursAgo: number): PriceHistoryEntry => ({
    price,
    salePrice,
    inStock: true,
    source: 'creators-api',
    checkedAt: new Date(now - hoursAgo * HOUR).toISOString(),
  });

  it('charts the price paid at each check, oldest first, leaving stock-only checks out', () => {
    expect(chartPoints([check(40, 30, 1), check(null, null, 2), check(42, null, 3)]).map((point) => point.price)).toEqual([42, 30]);
  });

  it('draws a path across the box, lowest price at the bottom, highest at the top', () => {
    expect(sparklinePath([10, 20, 15], 100, 20, 0)).toBe('M0 20 L50 0 L100 10');
    expect(sparklinePath([7], 100, 20)).toBe('M2 10 L98 10');
    expect(sparklinePath([5, 5], 100, 20)).toBe('M2 10 L98 10');
    expect(sparklinePath([], 100, 20)).toBe('');
  });
});

describe("a retailer page's structured offer", () => {
  const page = (name: string) => readFileSync(resolve(import.meta.dirname, '../fixtures', name), 'utf8');

  it('reads the price and stock from JSON-LD', () => {
    expect(structuredOffer(page('scrape-pages/jsonld-product.html'), 'https://shop.example/p')).toEqual({ price: 1299.99, availability: true });
    expect(structuredOffer(page('link-health/jsonld-sold-out.html').padEnd(1200, ' '), 'https://shop.example/p')).toMatchObject({
      price: 249,
      availability: false,
    });
  });

  it('gives nothing for a page whose price is only in its text or meta tags', () => {
    expect(structuredOffer(page('scrape-pages/opengraph-product.html'), 'https://shop.example/p')).toBeNull();
    expect(structuredOffer(page('scrape-pages/title-only.html'), 'https://shop.example/p')).toBeNull();
  });
});

describe("the demo seed's price checks", () => {
  const products = Array.from({ length: 600 }, (_, i) => ({
    id: i + 1,
    slug: `demo-product-${i}`,
    price: 50,
    salePrice: i % 3 === 0 ? 40 : null,
    inStock: true,
    affiliateSource: i % 2 === 0 ? 'amazon' : 'walmart',
  }));

  it('ends on the product as stored, Amazon through the Creators API, at most 30 checks, oldest first', () => {
    for (const product of products.slice(0, 20)) {
      const checks = seedPriceChecks(product, now);
      expect(checks.length).toBeGreaterThanOrEqual(4);
      expect(checks.length).toBeLessThanOrEqual(PRICE_HISTORY_LIMIT);
      expect(checks.at(-1)).toMatchObject({ price: 50, salePrice: product.salePrice, inStock: true });
      expect(checks.map((check) => check.checkedAt)).toEqual([...checks.map((check) => check.checkedAt)].sort((a, b) => a - b));
      if (product.affiliateSource === 'amazon') expect(checks.every((check) => check.source === 'creators-api')).toBe(true);
    }
  });

  it('leaves most prices fresh and a few stale', () => {
    const stale = products.filter((product) => isPriceStale(seedPriceChecks(product, now).at(-1)!.checkedAt, 24, now)).length;
    expect(stale).toBeGreaterThan(0);
    expect(stale / products.length).toBeLessThan(0.08);
  });

  it('is the same on every run', () => {
    expect(seedPriceChecks(products[7]!, now)).toEqual(seedPriceChecks(products[7]!, now));
  });
});
