import { describe, expect, it } from 'vitest';
import {
  compareNewest,
  ctaText,
  discountPercent,
  effectivePrice,
  isInDefaultCatalogue,
  isListed,
  isOnSale,
  normalizeRating,
  PLACEHOLDER_IMAGE,
  plainTextSummary,
  productImage,
  safeExternalUrl,
} from '../../src/domain/product.ts';

describe('a sale applies only when sale_price is set and below price', () => {
  it('is on sale when the sale price is lower', () => {
    expect(isOnSale(100, 79.99)).toBe(true);
    expect(isOnSale(100, 0)).toBe(true);
  });

  it('is not on sale without a sale price, or when it is equal or higher', () => {
    expect(isOnSale(100, null)).toBe(false);
    expect(isOnSale(100, undefined)).toBe(false);
    expect(isOnSale(100, 100)).toBe(false);
    expect(isOnSale(100, 120)).toBe(false);
  });

  it('ignores nonsense sale prices', () => {
    expect(isOnSale(100, Number.NaN)).toBe(false);
    expect(isOnSale(100, -5)).toBe(false);
  });

  it('charges the sale price only during a sale', () => {
    expect(effectivePrice(100, 80)).toBe(80);
    expect(effectivePrice(100, 120)).toBe(100);
    expect(effectivePrice(100, null)).toBe(100);
  });

  it('rounds the percentage saved, and is 0 without a sale', () => {
    expect(discountPercent(100, 79.99)).toBe(20);
    expect(discountPercent(30, 20)).toBe(33);
    expect(discountPercent(100, 100)).toBe(0);
    expect(discountPercent(0, 0)).toBe(0);
  });
});

describe('product display helpers', () => {
  it('falls back to the placeholder image when none is stored', () => {
    expect(productImage(null)).toBe(PLACEHOLDER_IMAGE);
    expect(productImage('  ')).toBe(PLACEHOLDER_IMAGE);
    expect(productImage('/images/products/a.svg')).toBe('/images/products/a.svg');
  });

  it('loads an http:// image over https://, as the pages\' CSP allows (a scraped or imported address may be http)', () => {
    expect(productImage('http://shop.example.com/a.jpg')).toBe('https://shop.example.com/a.jpg');
    expect(productImage('HTTP://shop.example.com/a.jpg')).toBe('https://shop.example.com/a.jpg');
    expect(productImage('https://shop.example.com/a.jpg')).toBe('https://shop.example.com/a.jpg');
  });

  it("uses attributes.cta for the buy button, else 'Buy Now'", () => {
    expect(ctaText({ cta: 'Check Price on Amazon' })).toBe('Check Price on Amazon');
    expect(ctaText({ cta: '  ' })).toBe('Buy Now');
    expect(ctaText({ cta: 42 })).toBe('Buy Now');
    expect(ctaText({})).toBe('Buy Now');
  });

  it('clamps ratings to 0–5 and keeps a missing rating missing', () => {
    expect(normalizeRating(4.3)).toBe(4.3);
    expect(normalizeRating(7)).toBe(5);
    expect(normalizeRating(-1)).toBe(0);
    expect(normalizeRating(null)).toBeNull();
    expect(normalizeRating(Number.NaN)).toBeNull();
  });
});

describe('plain text summaries of stored HTML', () => {
  it('drops tags, decodes common entities and collapses whitespace', () => {
    expect(plainTextSummary('<p>Foam &amp; <strong>roller</strong></p>\n<ul><li>Firm</li></ul>')).toBe('Foam & roller Firm');
  });

  it('cuts long text at a word boundary with an ellipsis', () => {
    const summary = plainTextSummary(`<p>${'word '.repeat(100)}</p>`, 50);
    expect(summary.length).toBeLessThanOrEqual(50);
    expect(summary.endsWith('word…')).toBe(true);
  });

  it('leaves short text whole', () => {
    expect(plainTextSummary('Short.', 160)).toBe('Short.');
  });
});

describe('newest first', () => {
  it('orders by creation time, then by id', () => {
    const rows = [
      { id: 1, createdAt: new Date('2024-01-01') },
      { id: 2, createdAt: new Date('2024-03-01') },
      { id: 3, createdAt: new Date('2024-03-01') },
    ];
    expect(rows.sort(compareNewest).map((row) => row.id)).toEqual([3, 2, 1]);
  });
});

describe('which products are listed', () => {
  it('lists only available products', () => {
    expect(isListed({ availability: true })).toBe(true);
    expect(isListed({ availability: false })).toBe(false);
  });

  it('shows available, in-stock products in the default catalogue view', () => {
    expect(isInDefaultCatalogue({ availability: true, inStock: true })).toBe(true);
    expect(isInDefaultCatalogue({ availability: true, inStock: false })).toBe(false);
    expect(isInDefaultCatalogue({ availability: false, inStock: true })).toBe(false);
  });
});

describe('outbound affiliate links', () => {
  it('keeps http and https URLs as stored', () => {
    expect(safeExternalUrl('https://www.amazon.com/dp/B000000001?tag=repwell-20')).toBe('https://www.amazon.com/dp/B000000001?tag=repwell-20');
    expect(safeExternalUrl(' http://example.com/x ')).toBe('http://example.com/x');
  });

  it('refuses other schemes, relative paths and blanks', () => {
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
    expect(safeExternalUrl('data:text/html,hi')).toBeNull();
    expect(safeExternalUrl('/product/x')).toBeNull();
    expect(safeExternalUrl('')).toBeNull();
    expect(safeExternalUrl(null)).toBeNull();
  });
});
