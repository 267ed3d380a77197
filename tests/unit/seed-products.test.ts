import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { categorySlugs, generateProducts, type GeneratedProduct } from '../../db/seed/index.ts';
import { productTypes } from '../../db/seed/catalogue/index.ts';
import { createRandom } from '../../db/seed/random.ts';
import { slugify } from '../../src/domain/slug.ts';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const categories = categorySlugs.map((slug, index) => ({ id: index + 1, slug }));
const catalogue = generateProducts(640, NOW, categories);
const publicDir = join(import.meta.dirname, '../../public');

const attrs = (item: GeneratedProduct) => item.product.attributes as Record<string, unknown>;
const specs = (item: GeneratedProduct) => item.product.specifications as Record<string, unknown>;
const share = (predicate: (item: GeneratedProduct) => boolean) => catalogue.filter(predicate).length / catalogue.length;

/** Moves every timestamp in a generated catalogue back by `shift`, to compare runs at different `now`s. */
function unshift(items: GeneratedProduct[], shift: number): string {
  return JSON.stringify(items, function (key, value: unknown) {
    const raw = (this as Record<string, unknown>)[key];
    if (raw instanceof Date) return new Date(raw.getTime() - shift).toISOString();
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/.test(value)) {
      const moved = new Date(Date.parse(value) - shift).toISOString();
      return value.length === 10 ? moved.slice(0, 10) : moved;
    }
    return value;
  });
}

const ATTRIBUTE_KEYS = [
  'sku', 'asin', 'status', 'cta', 'gallery_images', 'gallery_image_urls', 'tags', 'review_1', 'review_2', 'date_added',
  'affiliate_network', 'currency', 'unit_price', 'unit_count', 'product_num_ratings', 'sales_volume', 'product_num_offers',
  'product_minimum_offer_price', 'product_original_price', 'is_best_seller', 'is_amazon_choice', 'is_prime', 'prime_eligible',
  'climate_pledge_friendly', 'fsa_hsa_eligible', 'has_variations', 'delivery', 'delivery_date', 'product_byline', 'coupon_text',
  'product_badge', 'brand', 'discount_percentage', 'limited_stock', 'deal_end_date', 'is_featured', 'standing_screen_display_size',
  'memory_storage_capacity', 'ram_memory_installed_size', 'csvImport', 'csvRow', 'originalCsvData', 'imported', 'importedAt',
  'updated', 'updatedAt',
];
const SPECIFICATION_KEYS = [
  'total_reviews_fetched', 'review_1_text', 'review_1_rating', 'review_1_title', 'review_2_text', 'review_2_rating', 'review_2_title', 'asin',
];

describe('seeded PRNG', () => {
  it('repeats the same sequence for the same label and differs across labels', () => {
    const a = createRandom('x');
    const b = createRandom('x');
    const sequence = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(sequence);
    expect(createRandom('y').next()).not.toBe(sequence[0]);
    expect(sequence.every((value) => value >= 0 && value < 1)).toBe(true);
  });
});

describe('generateProducts', () => {
  it('is deterministic: another run at another time differs only in timestamps, shifted by the same amount', () => {
    const later = generateProducts(640, new Date(NOW.getTime() + 3 * DAY), categories);
    expect(unshift(later, 3 * DAY)).toBe(unshift(catalogue, 0));
    expect(later[0]?.product.createdAt).not.toEqual(catalogue[0]?.product.createdAt);
  });

  it('extends a smaller catalogue: the first products do not depend on the count', () => {
    expect(JSON.stringify(generateProducts(100, NOW, categories))).toBe(JSON.stringify(catalogue.slice(0, 100)));
  });

  it('uses every attribute key of spec section 3', () => {
    const used = new Set(catalogue.flatMap((item) => Object.keys(attrs(item))));
    expect(ATTRIBUTE_KEYS.filter((key) => !used.has(key))).toEqual([]);
  });

  it('uses every specification key, plus string-valued entries and some JSON ones', () => {
    const used = new Set(catalogue.flatMap((item) => Object.keys(specs(item))));
    expect(SPECIFICATION_KEYS.filter((key) => !used.has(key))).toEqual([]);
    for (const key of ['material', 'weight', 'dimensions', 'warranty', 'color']) expect(used).toContain(key);
    expect(share((item) => typeof specs(item).review_1_text === 'string')).toBeGreaterThan(0.4);
    expect(catalogue.some((item) => typeof specs(item).shipping === 'object')).toBe(true);
  });

  it('gives every product a unique, rule-following slug, name, SKU and affiliate URL', () => {
    for (const field of ['slug', 'name', 'affiliateUrl'] as const) {
      expect(new Set(catalogue.map((item) => item.product[field])).size).toBe(catalogue.length);
    }
    expect(new Set(catalogue.map((item) => attrs(item).sku)).size).toBe(catalogue.length);
    for (const { product } of catalogue) {
      expect(product.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(product.slug.startsWith(slugify(product.name))).toBe(true);
    }
  });

  it('keeps prices between $5 and $2,500 and spans the range', () => {
    const prices = catalogue.map((item) => item.product.price ?? 0);
    expect(Math.min(...prices)).toBeGreaterThanOrEqual(5);
    expect(Math.max(...prices)).toBeLessThanOrEqual(2500);
    expect(Math.min(...prices)).toBeLessThan(10);
    expect(Math.max(...prices)).toBeGreaterThan(1000);
    for (const price of prices) expect(Math.round(price * 100) / 100).toBe(price);
  });

  it('puts about 30% on sale, and a few with a sale price that is not a discount', () => {
    const onSale = (item: GeneratedProduct) => item.product.salePrice != null && item.product.salePrice < (item.product.price ?? 0);
    expect(share(onSale)).toBeGreaterThan(0.24);
    expect(share(onSale)).toBeLessThan(0.36);
    const notDiscounts = catalogue.filter((item) => item.product.salePrice != null && !onSale(item));
    expect(notDiscounts.length).toBeGreaterThan(3);
    for (const item of catalogue.filter(onSale)) {
      const { price = 0, salePrice = 0 } = item.product;
      expect(attrs(item).discount_percentage).toBe(Math.round(((price - (salePrice ?? 0)) / price) * 100));
      expect(attrs(item).product_original_price).toBe(price);
    }
  });

  it('rates 1 to 5 with one decimal, mostly 3.5 to 4.9, with a few low and a few unrated', () => {
    const ratings = catalogue.map((item) => item.product.rating);
    const rated = ratings.filter((rating): rating is number => rating != null);
    for (const rating of rated) {
      expect(rating).toBeGreaterThanOrEqual(1);
      expect(rating).toBeLessThanOrEqual(5);
      expect(Math.round(rating * 10) / 10).toBe(rating);
    }
    expect(rated.filter((rating) => rating >= 3.5 && rating <= 4.9).length / catalogue.length).toBeGreaterThan(0.8);
    expect(rated.some((rating) => rating < 3)).toBe(true);
    expect(ratings.some((rating) => rating == null)).toBe(true);
  });

  it('has a mix of availability and stock, about 85% in stock', () => {
    expect(share((item) => item.product.availability === true)).toBeGreaterThan(0.9);
    expect(share((item) => item.product.availability === false)).toBeGreaterThan(0);
    expect(share((item) => item.product.inStock === true)).toBeGreaterThan(0.75);
    expect(share((item) => item.product.inStock === true)).toBeLessThan(0.92);
  });

  it('spreads products over all twelve categories', () => {
    const bySlug = new Map<string, number>();
    for (const { product } of catalogue) {
      const slug = categories.find((category) => category.id === product.categoryId)?.slug ?? 'none';
      bySlug.set(slug, (bySlug.get(slug) ?? 0) + 1);
    }
    expect([...bySlug.keys()].sort()).toEqual([...categorySlugs].sort());
    for (const count of bySlug.values()) {
      expect(count).toBeGreaterThanOrEqual(10);
      expect(count).toBeLessThan(catalogue.length * 0.25);
    }
  });

  it('links mostly to Amazon /dp/{ASIN}, and to the other retailers with matching source and link', () => {
    const sources = new Set(catalogue.map((item) => item.product.affiliateSource));
    expect([...sources].sort()).toEqual(['amazon', 'bestbuy', 'costco', 'ebay', 'rakuten', 'target', 'walmart']);
    expect(share((item) => item.product.affiliateSource === 'amazon')).toBeGreaterThan(0.5);
    const hosts: Record<string, string> = {
      amazon: 'www.amazon.com', walmart: 'www.walmart.com', target: 'www.target.com', bestbuy: 'www.bestbuy.com',
      ebay: 'www.ebay.com', rakuten: 'www.rakuten.com', costco: 'www.costco.com',
    };
    for (const { product, affiliateLink } of catalogue) {
      expect(new URL(product.affiliateUrl).host).toBe(hosts[product.affiliateSource ?? '']);
      expect(affiliateLink.originalUrl).toBe(product.affiliateUrl);
      expect(affiliateLink.status).toBe('active');
      expect(product.affiliateUrl).toContain(affiliateLink.platformProductId);
      if (product.affiliateSource === 'amazon') {
        expect(affiliateLink.platform).toBe('amazon');
        expect(affiliateLink.platformProductId).toMatch(/^B0[0-9A-Z]{8}$/);
        expect(product.affiliateUrl).toMatch(/\/dp\/B0[0-9A-Z]{8}/);
        expect(attrs({ product, affiliateLink }).asin).toBe(affiliateLink.platformProductId);
      }
      expect(product.commissionRate).toBeGreaterThan(0);
      expect(product.conversionCount ?? 0).toBeLessThanOrEqual(product.clickCount ?? 0);
    }
  });

  it('covers the thresholds the cards and highlights use', () => {
    const volumes = catalogue.map((item) => attrs(item).sales_volume).filter((value): value is number => typeof value === 'number');
    expect(volumes.some((value) => value < 100)).toBe(true);
    expect(volumes.some((value) => value >= 100 && value <= 500)).toBe(true);
    expect(volumes.some((value) => value > 500 && value < 1000)).toBe(true);
    expect(volumes.some((value) => value > 1000)).toBe(true);
    const ratingsCounts = catalogue.map((item) => attrs(item).product_num_ratings).filter((value): value is number => typeof value === 'number');
    expect(ratingsCounts.some((value) => value < 1000)).toBe(true);
    expect(ratingsCounts.some((value) => value > 1000)).toBe(true);
  });

  it('ends some deals within the next day, some later and some in the past', () => {
    const hoursLeft = catalogue
      .map((item) => attrs(item).deal_end_date)
      .filter((value): value is string => typeof value === 'string')
      .map((value) => (Date.parse(value) - NOW.getTime()) / HOUR);
    expect(hoursLeft.filter((hours) => hours >= 1 && hours <= 24).length).toBeGreaterThanOrEqual(5);
    expect(hoursLeft.some((hours) => hours > 24)).toBe(true);
    expect(hoursLeft.some((hours) => hours < 0)).toBe(true);
  });

  it('features about 15% of products, as a true boolean', () => {
    expect(share((item) => attrs(item).is_featured === true)).toBeGreaterThan(0.1);
    expect(share((item) => attrs(item).is_featured === true)).toBeLessThan(0.2);
    expect(catalogue.every((item) => attrs(item).is_featured === undefined || attrs(item).is_featured === true)).toBe(true);
  });

  it('creates products over the past ~400 days', () => {
    const ages = catalogue.map((item) => (NOW.getTime() - (item.product.createdAt as Date).getTime()) / DAY);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ages)).toBeLessThanOrEqual(400);
    expect(Math.max(...ages)).toBeGreaterThan(300);
    for (const { product } of catalogue) expect((product.updatedAt as Date).getTime()).toBeLessThanOrEqual(NOW.getTime());
  });

  it('points images and galleries at local SVG files, with a few products using the placeholder', () => {
    const missing = (url: string) => !url.startsWith('/images/') || !existsSync(join(publicDir, url));
    const imageUrls = catalogue.map((item) => item.product.imageUrl);
    expect(imageUrls.some((url) => url == null)).toBe(true);
    expect(imageUrls.filter((url): url is string => typeof url === 'string').filter(missing)).toEqual([]);
    for (const item of catalogue) {
      const gallery = attrs(item).gallery_image_urls;
      if (gallery === undefined) continue;
      expect(Array.isArray(gallery)).toBe(true);
      const urls = gallery as string[];
      expect(urls.length).toBeGreaterThanOrEqual(2);
      expect(urls.length).toBeLessThanOrEqual(6);
      expect(urls.filter(missing)).toEqual([]);
    }
  });

  it('writes descriptions as 2 to 4 blocks of safe HTML only', () => {
    const allowed = new Set(['p', 'ul', 'li', 'strong', 'em', 'h3']);
    for (const { product } of catalogue) {
      const tags = [...(product.description ?? '').matchAll(/<\/?([a-z0-9]+)([^>]*)>/g)];
      for (const [, name = '', rest] of tags) {
        expect(allowed.has(name)).toBe(true);
        expect(rest).toBe('');
      }
      const blocks = (product.description ?? '').match(/<(p|ul)>/g) ?? [];
      expect(blocks.length).toBeGreaterThanOrEqual(2);
      expect(blocks.length).toBeLessThanOrEqual(4);
    }
  });

  it('gives the electronics attributes only to devices with screens', () => {
    const withScreens = new Set(productTypes.filter((type) => type.electronics).map((type) => type.noun));
    for (const item of catalogue.filter((entry) => attrs(entry).standing_screen_display_size !== undefined)) {
      expect([...withScreens].some((noun) => item.product.name.includes(noun))).toBe(true);
    }
  });

  it('draws from every product type', () => {
    for (const type of productTypes) expect(catalogue.some((item) => item.product.name.includes(type.noun))).toBe(true);
  });
});
