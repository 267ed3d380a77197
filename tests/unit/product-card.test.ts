import { describe, expect, it } from 'vitest';
import { toCatalogueProduct, type ProductSource } from '../../src/domain/product-card.ts';
import { hasStarBadge, isPopularChoice } from '../../src/domain/product-display/card-badges.ts';
import { BRAND_CTAS, callToAction } from '../../src/domain/product-display/cta.ts';
import { dealHoursLeft, dealLabel } from '../../src/domain/product-display/deal.ts';
import { formatK } from '../../src/domain/product-display/format.ts';
import { retailerName } from '../../src/domain/product-display/retailer.ts';
import { socialProofTags } from '../../src/domain/product-display/social-proof.ts';

const HOUR = 3_600_000;
const NOW = Date.parse('2026-06-01T12:00:00Z');

function source(overrides: Partial<ProductSource> = {}): ProductSource {
  return {
    id: 7,
    slug: 'foam-roller',
    name: 'Foam Roller',
    price: 40,
    salePrice: null,
    imageUrl: '/images/products/foam-roller-a.svg',
    rating: 4.2,
    inStock: true,
    category: { name: 'Recovery', slug: 'recovery' },
    createdAt: new Date(NOW - 86_400_000),
    affiliateUrl: 'https://www.amazon.com/Foam-Roller/dp/B0ABCDEFGH?th=1',
    affiliateSource: 'amazon',
    attributes: {},
    ...overrides,
  };
}

describe('Popular Choice above 500 sales', () => {
  it('shows from 501, not at 500', () => {
    expect(isPopularChoice(501)).toBe(true);
    expect(isPopularChoice(500)).toBe(false);
    expect(isPopularChoice(undefined)).toBe(false);
  });
});

describe('review counts from 1000 are shown with K', () => {
  it('keeps counts under 1000 as they are', () => {
    expect(formatK(0)).toBe('0');
    expect(formatK(999)).toBe('999');
  });

  it('shows one decimal with K from 1000, never rounding up', () => {
    expect(formatK(1000)).toBe('1.0K');
    expect(formatK(1250)).toBe('1.2K');
    expect(formatK(1999)).toBe('1.9K');
    expect(formatK(23456)).toBe('23.4K');
  });
});

describe('the 4+ stars badge', () => {
  it('shows from a rating of 4', () => {
    expect(hasStarBadge(4)).toBe(true);
    expect(hasStarBadge(4.9)).toBe(true);
    expect(hasStarBadge(3.9)).toBe(false);
    expect(hasStarBadge(null)).toBe(false);
  });
});

describe("'Deal ends in {n}h' with 1 to 24 hours left", () => {
  it('counts whole hours left', () => {
    expect(dealHoursLeft(NOW + 5.5 * HOUR, NOW)).toBe(5);
    expect(dealLabel(5)).toBe('Deal ends in 5h');
  });

  it('shows at exactly 1 and 24 hours', () => {
    expect(dealHoursLeft(NOW + HOUR, NOW)).toBe(1);
    expect(dealHoursLeft(NOW + 24 * HOUR, NOW)).toBe(24);
  });

  it('hides under an hour, from 25 hours, after the end and without a date', () => {
    expect(dealHoursLeft(NOW + 59 * 60_000, NOW)).toBeNull();
    expect(dealHoursLeft(NOW + 25 * HOUR, NOW)).toBeNull();
    expect(dealHoursLeft(NOW - HOUR, NOW)).toBeNull();
    expect(dealHoursLeft(undefined, NOW)).toBeNull();
    expect(dealHoursLeft(Number.NaN, NOW)).toBeNull();
  });
});

describe('social-proof tags: bestseller, Amazon’s choice, 4.5+, limited stock', () => {
  it('lists every tag that applies, in order', () => {
    expect(socialProofTags({ bestSeller: true, amazonChoice: true, rating: 4.5, limitedStock: true }).map((tag) => tag.label)).toEqual([
      'Bestseller',
      "Amazon's Choice",
      'Highly Rated',
      'Limited Stock',
    ]);
  });

  it('needs a rating of 4.5 for Highly Rated', () => {
    expect(socialProofTags({ rating: 4.4 })).toEqual([]);
  });
});

describe('retailer names', () => {
  it.each([
    ['amazon', 'Amazon'],
    ['ebay', 'eBay'],
    ['rakuten', 'Rakuten'],
    ['walmart', 'Walmart'],
    ['target', 'Target'],
    ['bestbuy', 'Best Buy'],
    ['costco', 'Costco'],
    ['Best Buy', 'Best Buy'],
  ])('%s is %s', (source, name) => {
    expect(retailerName(source)).toBe(name);
  });

  it("is 'Retailer' for anything else", () => {
    expect(retailerName('generic')).toBe('Retailer');
    expect(retailerName('')).toBe('Retailer');
    expect(retailerName(null)).toBe('Retailer');
  });

  it('recognises the retailer from the link when the source is generic', () => {
    expect(retailerName('generic', 'https://www.walmart.com/ip/x/1')).toBe('Walmart');
    expect(retailerName('generic', 'https://shop.example.com/x')).toBe('Retailer');
  });
});

describe('call-to-action wording', () => {
  const base = { inStock: true, affiliateSource: 'amazon', attributes: {} };

  it("says 'Check on {retailer}' when out of stock, whatever else is set", () => {
    expect(callToAction({ ...base, inStock: false, attributes: { cta: 'Shop Now', brand: 'IronPeak' } })).toBe('Check on Amazon');
    expect(callToAction({ ...base, inStock: false, affiliateSource: 'bestbuy' })).toBe('Check on Best Buy');
    expect(callToAction({ ...base, inStock: false, affiliateSource: 'generic' })).toBe('Check on Retailer');
  });

  it('has brand-specific wording for five brands', () => {
    expect(Object.keys(BRAND_CTAS)).toHaveLength(5);
    expect(callToAction({ ...base, attributes: { brand: 'IronPeak' } })).toBe('Build Your IronPeak Setup');
    expect(callToAction({ ...base, attributes: { brand: ' restora ' } })).toBe('Start Recovering with Restora');
  });

  it("prefers an editor's call to action over the brand's, but not the default wording", () => {
    expect(callToAction({ ...base, attributes: { brand: 'Kinetiq', cta: 'Try It Risk-Free' } })).toBe('Try It Risk-Free');
    expect(callToAction({ ...base, attributes: { brand: 'Kinetiq', cta: 'View Deal' } })).toBe('View deal at Amazon');
    expect(callToAction({ ...base, attributes: { brand: 'Kinetiq', cta: 'Buy Now' } })).toBe('Get Moving with Kinetiq');
  });

  it('names the retailer in a generic call to action when the retailer is known', () => {
    expect(callToAction({ ...base, affiliateSource: 'bestbuy', attributes: { cta: 'Check Price' } })).toBe('Check price at Best Buy');
    expect(callToAction({ ...base, affiliateSource: 'walmart', attributes: { cta: 'Shop Now' } })).toBe('Shop at Walmart');
    expect(callToAction({ ...base, affiliateSource: 'target', attributes: { cta: "See Today's Price" } })).toBe("See today's price at Target");
    expect(callToAction({ ...base, affiliateSource: 'ebay', attributes: { cta: 'view deal' } })).toBe('View deal at eBay');
    // The retailer read from the link when the source does not say.
    expect(callToAction({ ...base, affiliateSource: 'generic', affiliateUrl: 'https://www.costco.com/p/1', attributes: {} })).toBe('Buy at Costco');
    // An editor's own wording that already names the retailer is kept as written.
    expect(callToAction({ ...base, attributes: { cta: 'Check Price on Amazon' } })).toBe('Check Price on Amazon');
  });

  it("says 'Buy at {retailer}' when nothing else applies, and 'Buy Now' only when the retailer is unknown", () => {
    expect(callToAction({ ...base, attributes: { brand: 'Unknown Co' } })).toBe('Buy at Amazon');
    expect(callToAction({ ...base, attributes: { cta: '   ' } })).toBe('Buy at Amazon');
    expect(callToAction({ ...base, affiliateSource: 'generic', attributes: {} })).toBe('Buy Now');
    expect(callToAction({ ...base, affiliateSource: 'generic', attributes: { cta: 'Check Price' } })).toBe('Check Price');
  });
});

describe('the compact card product', () => {
  it('carries the card fields, a tagged buy link and the creation time in ms', () => {
    const card = toCatalogueProduct(source(), { amazonTag: 'repwell-20', now: NOW });
    expect(card).toEqual({
      id: 7,
      slug: 'foam-roller',
      name: 'Foam Roller',
      price: 40,
      salePrice: null,
      imageUrl: '/images/products/foam-roller-a.svg',
      rating: 4.2,
      inStock: true,
      category: { name: 'Recovery', slug: 'recovery' },
      createdAt: NOW - 86_400_000,
      affiliateUrl: 'https://www.amazon.com/dp/B0ABCDEFGH?tag=repwell-20',
      cta: 'Buy at Amazon',
    });
  });

  it('keeps a sale price only when it is below the price', () => {
    expect(toCatalogueProduct(source({ salePrice: 30 }), { amazonTag: 't' }).salePrice).toBe(30);
    expect(toCatalogueProduct(source({ salePrice: 40 }), { amazonTag: 't' }).salePrice).toBeNull();
    expect(toCatalogueProduct(source({ salePrice: 45 }), { amazonTag: 't' }).salePrice).toBeNull();
  });

  it('reads the attributes the card rules use, in their stored spellings', () => {
    const card = toCatalogueProduct(
      source({
        inStock: false,
        imageUrl: '  ',
        attributes: {
          sales_volume: '1,200',
          product_num_ratings: 15321,
          is_best_seller: 'TRUE',
          is_amazon_choice: true,
          limited_stock: true,
          climate_pledge_friendly: 'true',
          fsa_hsa_eligible: true,
          is_featured: 1,
          deal_end_date: new Date(NOW + 5 * HOUR).toISOString(),
        },
      }),
      { amazonTag: 't', now: NOW },
    );
    expect(card).toMatchObject({
      imageUrl: null,
      cta: 'Check on Amazon',
      salesVolume: 1200,
      numRatings: 15321,
      bestSeller: true,
      amazonChoice: true,
      limitedStock: true,
      climatePledge: true,
      fsaHsa: true,
      featured: true,
      dealEndsAt: NOW + 5 * HOUR,
    });
  });

  it('leaves out what does not apply, so the catalogue ships fewer bytes', () => {
    // A retailer the rules cannot name keeps the default wording, which the card supplies itself.
    const unnamed = { affiliateSource: 'generic', affiliateUrl: 'https://shop.example.com/roller' };
    const card = toCatalogueProduct(
      source({ ...unnamed, attributes: { is_best_seller: false, deal_end_date: new Date(NOW - HOUR).toISOString(), cta: 'Buy Now' } }),
      { amazonTag: 't', now: NOW },
    );
    expect(Object.keys(card)).not.toContain('bestSeller');
    expect(Object.keys(card)).not.toContain('dealEndsAt');
    expect(Object.keys(card)).not.toContain('cta');
  });

  it('has no buy link when the stored link is not http(s)', () => {
    expect(toCatalogueProduct(source({ affiliateUrl: 'javascript:alert(1)' }), { amazonTag: 't' }).affiliateUrl).toBeNull();
  });
});
