import { describe, expect, it } from 'vitest';
import { toCatalogueProduct, cardOffer, type ProductSource } from '../../src/domain/product-card.ts';
import { decodeCardRow, encodeCardShard } from '../../src/domain/catalogue/data-format.ts';
import { productJsonLd } from '../../src/domain/product-display/json-ld.ts';
import {
  amazonPriceDisclaimer,
  amazonSiteOf,
  DEFAULT_STALE_AFTER_HOURS,
  isPriceStale,
  priceStaleAt,
  priceStamp,
  stalePriceLabel,
  storedStaleAfterHours,
} from '../../src/domain/product-display/price-age.ts';
import { pagePriceCheck, priceCheckSchema } from '../../src/domain/prices/price-check.ts';

const HOUR = 3_600_000;
const checked = Date.UTC(2026, 10, 27, 14, 5, 42);

describe('the price stamp', () => {
  it('reads day, month name, year and a 24-hour UTC time', () => {
    expect(priceStamp(checked)).toBe('Price as of 27 Nov 2026, 14:05 UTC');
    expect(priceStamp(Date.UTC(2027, 0, 3, 9, 7))).toBe('Price as of 3 Jan 2027, 09:07 UTC');
    expect(priceStamp(Date.UTC(2026, 11, 31, 23, 59, 59))).toBe('Price as of 31 Dec 2026, 23:59 UTC');
  });
});

describe('staleness', () => {
  it('a price is shown until the limit has passed, then never', () => {
    expect(isPriceStale(checked, 24, checked)).toBe(false);
    expect(isPriceStale(checked, 24, checked + 24 * HOUR - 1)).toBe(false);
    expect(isPriceStale(checked, 24, checked + 24 * HOUR)).toBe(true);
    expect(isPriceStale(checked, 6, checked + 6 * HOUR)).toBe(true);
    expect(priceStaleAt(checked, 24)).toBe(checked + 24 * HOUR);
  });

  it('a price never checked is always stale', () => {
    expect(isPriceStale(null, 24, 0)).toBe(true);
    expect(isPriceStale(undefined, 24, 0)).toBe(true);
    expect(priceStaleAt(null, 24)).toBeNull();
  });

  it('the limit is a whole number of hours from 1 to 24, else the default 24', () => {
    expect(DEFAULT_STALE_AFTER_HOURS).toBe(24);
    expect(storedStaleAfterHours(undefined)).toBe(24);
    expect(storedStaleAfterHours({ staleAfterHours: 6 })).toBe(6);
    expect(storedStaleAfterHours({ staleAfterHours: 48 })).toBe(24);
    expect(storedStaleAfterHours({ staleAfterHours: 0 })).toBe(24);
    expect(storedStaleAfterHours({ staleAfterHours: 2.5 })).toBe(24);
    expect(storedStaleAfterHours('12')).toBe(24);
  });

  it("a stale price reads 'Check price on {retailer}'", () => {
    expect(stalePriceLabel('amazon', 'https://www.amazon.com/dp/B000000001')).toBe('Check price on Amazon');
    expect(stalePriceLabel('generic', 'https://www.bestbuy.com/site/x')).toBe('Check price on Best Buy');
    expect(stalePriceLabel(null, 'https://shop.example/x')).toBe('Check price on Retailer');
  });
});

describe("Amazon's disclaimer", () => {
  it('is given for links to any Amazon store, named by its host', () => {
    expect(amazonSiteOf('https://www.amazon.com/dp/B000000001?tag=x-20')).toBe('Amazon.com');
    expect(amazonSiteOf('https://amazon.co.uk/gp/product/B000000001')).toBe('Amazon.co.uk');
    expect(amazonSiteOf('https://www.walmart.com/ip/1')).toBeNull();
    expect(amazonSiteOf('https://notamazon.com/x')).toBeNull();
    expect(amazonSiteOf('not a url')).toBeNull();
  });

  it("is Amazon's wording with the store filled in", () => {
    expect(amazonPriceDisclaimer('Amazon.com')).toBe(
      'Product prices and availability are accurate as of the date/time indicated and are subject to change. Any price and availability information displayed on Amazon.com at the time of purchase will apply to the purchase of this product.',
    );
  });
});

const source: ProductSource = {
  id: 7,
  slug: 'foam-roller',
  name: 'Foam Roller',
  price: 40,
  salePrice: 30,
  imageUrl: null,
  rating: 4.5,
  inStock: true,
  category: null,
  createdAt: new Date(checked - 100 * HOUR),
  affiliateUrl: 'https://www.amazon.com/dp/B000000001',
  affiliateSource: 'amazon',
  attributes: { deal_end_date: new Date(checked + 30 * HOUR).toISOString() },
  priceCheckedAt: new Date(checked),
};

describe('cards', () => {
  it('a card built while its price is fresh carries the stamp and the moment it goes stale', () => {
    const card = toCatalogueProduct(source, { amazonTag: 'tag-20', now: checked + HOUR, staleAfterHours: 24 });
    expect(card.priceAsOf).toBe(checked);
    expect(card.priceStaleAt).toBe(checked + 24 * HOUR);
    const offer = cardOffer(card, checked + 2 * HOUR);
    expect(offer).toMatchObject({ priceShown: true, salePrice: 30, percentOff: 25, dealEndsAt: card.dealEndsAt });
  });

  it('once stale, a card shows no amount, no saving and no countdown', () => {
    const card = toCatalogueProduct(source, { amazonTag: 'tag-20', now: checked + HOUR, staleAfterHours: 24 });
    expect(cardOffer(card, checked + 24 * HOUR)).toMatchObject({ priceShown: false, salePrice: null, percentOff: 0, dealEndsAt: undefined });
  });

  it('a card built after its price went stale carries no stamp at all', () => {
    const card = toCatalogueProduct(source, { amazonTag: 'tag-20', now: checked + 25 * HOUR, staleAfterHours: 24 });
    expect(card.priceAsOf).toBeUndefined();
    expect(cardOffer(card, checked + 25 * HOUR).priceShown).toBe(false);
    const never = toCatalogueProduct({ ...source, priceCheckedAt: null }, { amazonTag: 'tag-20', now: checked });
    expect(never.priceAsOf).toBeUndefined();
  });

  it('the catalogue data keeps the stamp to the minute and hides the price early rather than late', () => {
    const card = toCatalogueProduct(source, { amazonTag: 'tag-20', now: checked + HOUR, staleAfterHours: 24 });
    const file = encodeCardShard(null, [{ product: card, rank: 0, nameRank: 0 }]);
    const decoded = decodeCardRow(file, file.rows[0]!);
    expect(priceStamp(decoded.priceAsOf!)).toBe(priceStamp(checked));
    expect(decoded.priceStaleAt).toBeLessThanOrEqual(card.priceStaleAt!);
    expect(card.priceStaleAt! - decoded.priceStaleAt!).toBeLessThan(60_000);
  });
});

describe('structured data', () => {
  const base = {
    name: 'Foam Roller',
    description: '',
    url: 'https://x.test/product/foam-roller',
    images: [],
    price: 40,
    salePrice: 30,
    inStock: true,
    rating: null,
    ratingCount: null,
    attributes: {},
  };

  it("the offer carries the price's check time as its validFrom", () => {
    const data = productJsonLd({ ...base, priceAsOf: checked });
    expect(data.offers).toMatchObject({ price: '30.00', validFrom: '2026-11-27T14:05:42.000Z' });
    expect(data.offers).not.toHaveProperty('priceValidUntil');
  });

  it('a page that shows no price offers none', () => {
    expect(productJsonLd({ ...base, priceAsOf: null })).not.toHaveProperty('offers');
  });
});

describe('a price check', () => {
  it('takes prices from 0 up, a known source and a valid time', () => {
    const ok = { price: 10, salePrice: null, inStock: true, source: 'admin' as const, checkedAt: new Date(checked) };
    expect(priceCheckSchema.safeParse(ok).success).toBe(true);
    expect(priceCheckSchema.safeParse({ ...ok, price: -1 }).success).toBe(false);
    expect(priceCheckSchema.safeParse({ ...ok, price: Number.NaN }).success).toBe(false);
    expect(priceCheckSchema.safeParse({ ...ok, source: 'guess' }).success).toBe(false);
    expect(priceCheckSchema.safeParse({ ...ok, checkedAt: new Date(Number.NaN) }).success).toBe(false);
    // Stock alone: no price, so no sale price either.
    expect(priceCheckSchema.safeParse({ ...ok, price: null }).success).toBe(true);
    expect(priceCheckSchema.safeParse({ ...ok, price: null, salePrice: 5 }).success).toBe(false);
  });

  it("a retailer page's one price is the sale price while below a stored sale's regular price, else the price", () => {
    const at = new Date(checked);
    expect(pagePriceCheck({ price: 40, salePrice: 30, inStock: true }, { price: 28, availability: null }, at)).toMatchObject({
      price: 40,
      salePrice: 28,
      inStock: true,
    });
    expect(pagePriceCheck({ price: 40, salePrice: null, inStock: true }, { price: 28, availability: false }, at)).toMatchObject({
      price: 28,
      salePrice: null,
      inStock: false,
    });
    expect(pagePriceCheck({ price: 40, salePrice: 30, inStock: false }, { price: 45, availability: true }, at)).toMatchObject({
      price: 45,
      salePrice: null,
      inStock: true,
      source: 'retailer-page',
    });
  });
});
