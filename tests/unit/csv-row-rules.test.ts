/** The row rules of spec section 5 (CSV file) and issue 11, point 5, one test per rule. */
import { describe, expect, it } from 'vitest';
import { detectAffiliatePlatform } from '../../src/domain/admin/affiliate-platform.ts';
import { readCsvRow, type CsvRow, type CsvUpsertRow } from '../../src/domain/admin/csv/row.ts';
import { formRuleProblem } from '../../src/domain/admin/csv/row.ts';
import { MAX_TAGS, productTexts } from '../../src/domain/admin/product-form.ts';
import { amazonRowWithoutTitle, mergeRow, newProductFromRow, sameProductState, withUpdateMarkers, type CsvProductState } from '../../src/domain/admin/csv/product-state.ts';

const URL = 'https://shop.example.com/products/foam-roller';
const AMAZON = 'https://www.amazon.com/Foam-Roller/dp/B08N5WRWNW?ref=x';
const NOW = new Date('2026-11-23T10:00:00.000Z');

function upsert(values: Record<string, string>, rowNumber = 2): CsvUpsertRow {
  const row = readCsvRow(rowNumber, values);
  if (!row.ok || row.action !== 'upsert') throw new Error(`expected an upsert, got ${JSON.stringify(row)}`);
  return row;
}
const reason = (row: CsvRow) => (row.ok ? null : row.reason);

describe('required cells and their messages', () => {
  it("'Row N: affiliate_link or product_url is required', numbered as given", () => {
    expect(reason(readCsvRow(7, { title: 'Roller', affiliate_link: '  ' }))).toBe('Row 7: affiliate_link or product_url is required');
    expect(readCsvRow(2, { product_url: URL }).ok).toBe(true);
  });

  it("'Row N: Invalid URL format' for text that is not an http(s) URL", () => {
    for (const url of ['not a url', 'javascript:alert(1)', 'ftp://example.com/x', 'https://']) {
      expect(reason(readCsvRow(3, { affiliate_link: url }))).toBe('Row 3: Invalid URL format');
    }
  });

  it("'Row N: delete action requires either affiliate_link, sku, or asin'", () => {
    expect(reason(readCsvRow(4, { action: 'delete', title: 'Roller' }))).toBe('Row 4: delete action requires either affiliate_link, sku, or asin');
    expect(readCsvRow(4, { action: 'DELETE', sku: 'RW-1' })).toEqual({ ok: true, rowNumber: 4, action: 'delete', keys: { sku: 'RW-1', asin: null, affiliateUrl: null } });
    expect(readCsvRow(4, { action: 'delete', asin: 'b08n5wrwnw' })).toMatchObject({ ok: true, keys: { asin: 'B08N5WRWNW' } });
    expect(readCsvRow(4, { action: 'delete', affiliate_link: URL })).toMatchObject({ ok: true, action: 'delete' });
  });

  it('refuses an action it does not know rather than guessing', () => {
    expect(reason(readCsvRow(5, { action: 'remove', affiliate_link: URL }))).toBe("Row 5: action must be empty or 'delete'");
  });

  it('names a number that is not one, or out of range', () => {
    expect(reason(readCsvRow(2, { affiliate_link: URL, price: 'call us' }))).toBe('Row 2: price must be a number');
    expect(reason(readCsvRow(2, { affiliate_link: URL, rating: '7' }))).toBe(`Row 2: ${productTexts.rating}`);
    expect(reason(readCsvRow(2, { affiliate_link: URL, image_url: 'javascript:alert(1)' }))).toBe(`Row 2: ${productTexts.imageInvalid}`);
  });
});

describe("the product form's rules, with its messages", () => {
  const refused = (values: Record<string, string>) => reason(readCsvRow(4, { affiliate_link: URL, title: 'Foam Roller', ...values }));

  it('refuses more than 20 tags, and a tag over 40 characters', () => {
    const tags = (n: number) => Array.from({ length: n }, (_, i) => `tag ${i}`).join(', ');
    expect(refused({ tags: tags(MAX_TAGS + 1) })).toBe(`Row 4: ${productTexts.tagsTooMany}`);
    expect(refused({ tags: tags(MAX_TAGS) })).toBeNull();
    expect(refused({ tags: `ok, ${'x'.repeat(41)}` })).toBe(`Row 4: ${productTexts.tagTooLong}`);
  });

  it('refuses a CTA over 40 characters', () => {
    expect(refused({ cta: 'x'.repeat(41) })).toBe(`Row 4: ${productTexts.ctaTooLong}`);
    expect(refused({ cta: 'x'.repeat(40) })).toBeNull();
  });

  it('refuses a rating off the 0.1 step or outside 1 to 5, and a price off the cent', () => {
    expect(refused({ rating: '4.25' })).toBe(`Row 4: ${productTexts.rating}`);
    expect(refused({ rating: '0.5' })).toBe(`Row 4: ${productTexts.rating}`);
    expect(refused({ rating: '4.5 out of 5 stars' })).toBeNull();
    expect(refused({ price: '12.999' })).toBe(`Row 4: ${productTexts.price}`);
    expect(refused({ sale_price: '-1' })).toBe(`Row 4: ${productTexts.salePrice}`);
    expect(refused({ commission_rate: '101' })).toBe(`Row 4: ${productTexts.commissionRate}`);
  });

  it('refuses a title over 200 characters, a long SKU, a malformed ASIN and too many gallery images', () => {
    expect(refused({ title: 'x'.repeat(201) })).toBe(`Row 4: ${productTexts.nameTooLong}`);
    expect(refused({ sku: 'S'.repeat(65) })).toBe(`Row 4: ${productTexts.skuTooLong}`);
    expect(refused({ asin: 'B08' })).toBe(`Row 4: ${productTexts.asinInvalid}`);
    const gallery = Array.from({ length: 9 }, (_, i) => `https://img.example.com/${i}.jpg`).join(',');
    expect(refused({ gallery_image_urls: gallery })).toBe(`Row 4: ${productTexts.galleryTooMany}`);
  });

  it('uses the form schema itself: whatever the form refuses, formRuleProblem names with the same message', () => {
    expect(formRuleProblem('cta', 'x'.repeat(41))).toBe(productTexts.ctaTooLong);
    expect(formRuleProblem('rating', 4.7)).toBeNull();
  });
});

describe('control characters', () => {
  it('are stripped from every cell, tab and line breaks kept', () => {
    const row = upsert({ affiliate_link: `\u0000${URL}`, title: 'Foam\u0000 Roller\u001b', description: 'a\tb\r\nc\u0007', sku: 'SKU\u0001-1', review_1: '\u0085ok' });
    expect(row.patch).toMatchObject({ affiliateUrl: URL, name: 'Foam Roller', description: 'a\tb\r\nc', attributes: { sku: 'SKU-1', review_1: 'ok' } });
    expect(row.keys.sku).toBe('SKU-1');
    expect(row.originalCsvData.title).toBe('Foam Roller');
  });

  it('are stripped after the formula guard is removed, so a guarded "\\0=1+1" reads back as "=1+1"', () => {
    expect(upsert({ affiliate_link: URL, title: "'\u0000=1+1" }).patch.name).toBe('=1+1');
  });
});

describe('values', () => {
  it("booleans are true only for 'true' in any case", () => {
    expect(upsert({ affiliate_link: URL, in_stock: 'TRUE', availability: 'True', is_prime: 'yes', has_variations: '1' }).patch).toMatchObject({
      inStock: true,
      availability: true,
      attributes: { is_prime: false, has_variations: false },
    });
    expect(upsert({ affiliate_link: URL, availability: 'false' }).patch.availability).toBe(false);
  });

  it('availability is true by default', () => {
    expect(newProductFromRow(upsert({ affiliate_link: URL, title: 'Roller' }), detectAffiliatePlatform(URL), NOW).state.availability).toBe(true);
  });

  it('prices lose currency symbols and thousands separators', () => {
    const row = upsert({ affiliate_link: URL, price: '$1,299.99', sale_price: 'USD 999', unit_price: '€5.50', product_original_price: '1,500' });
    expect(row.patch.price).toBe(1299.99);
    expect(row.patch.salePrice).toBe(999);
    expect(row.patch.attributes).toMatchObject({ unit_price: 5.5, product_original_price: 1500 });
  });

  it('counts are numbers when they are numbers and text otherwise', () => {
    expect(upsert({ affiliate_link: URL, product_num_ratings: '2,841', sales_volume: '1K+ bought in past month' }).patch.attributes).toMatchObject({
      product_num_ratings: 2841,
      sales_volume: '1K+ bought in past month',
    });
  });

  it('invalid JSON in specifications becomes { description }, in custom_attributes nothing', () => {
    const row = upsert({ affiliate_link: URL, specifications: 'Weight: 2 kg', custom_attributes: '{broken' });
    expect(row.patch.specifications).toEqual({ description: 'Weight: 2 kg' });
    expect(row.patch.attributes).toEqual({});
    expect(upsert({ affiliate_link: URL, specifications: '[1,2]', custom_attributes: '[1]' }).patch).toMatchObject({ specifications: { description: '[1,2]' }, attributes: {} });
  });

  it('custom_attributes are merged into attributes, under the columns', () => {
    expect(upsert({ affiliate_link: URL, custom_attributes: '{"brand":"Acme","sku":"OLD"}', sku: 'NEW' }).patch.attributes).toEqual({ brand: 'Acme', sku: 'NEW' });
  });

  it('status is Published or Draft in any case, missing is draft', () => {
    expect(upsert({ affiliate_link: URL, status: 'published' }).patch.attributes.status).toBe('Published');
    expect(upsert({ affiliate_link: URL, status: 'DRAFT' }).patch.attributes.status).toBe('draft');
    expect(upsert({ affiliate_link: URL, status: 'whatever' }).patch.attributes.status).toBe('draft');
    expect(newProductFromRow(upsert({ affiliate_link: URL, title: 'Roller' }), detectAffiliatePlatform(URL), NOW).state.attributes.status).toBe('draft');
  });

  it('rating from the column, else product_num_ratings / 100 clamped to 1–5', () => {
    const detected = detectAffiliatePlatform(URL);
    const rating = (values: Record<string, string>) => newProductFromRow(upsert({ affiliate_link: URL, title: 'R', ...values }), detected, NOW).state.rating;
    expect(rating({ rating: '4.2', product_num_ratings: '50' })).toBe(4.2);
    expect(rating({ rating: '4.5 out of 5 stars' })).toBe(4.5);
    expect(rating({ product_num_ratings: '250' })).toBe(2.5);
    expect(rating({ product_num_ratings: '50' })).toBe(1);
    expect(rating({ product_num_ratings: '9,000' })).toBe(5);
    expect(rating({})).toBeNull();
  });

  it('maps title or product_title, image_url or product_photo, affiliate_link or product_url', () => {
    expect(upsert({ product_url: URL, product_title: 'PT', product_photo: 'https://img.example/p.jpg' }).patch).toMatchObject({
      affiliateUrl: URL,
      name: 'PT',
      imageUrl: 'https://img.example/p.jpg',
    });
    expect(upsert({ affiliate_link: URL, product_url: 'https://other.example/x', title: 'T', product_title: 'PT', image_url: '/images/a.svg', product_photo: 'https://img.example/p.jpg' }).patch).toMatchObject({
      affiliateUrl: URL,
      name: 'T',
      imageUrl: '/images/a.svg',
    });
  });

  it('maps every attribute column: lists, reviews, tags, texts and the category name', () => {
    const row = upsert({
      affiliate_link: URL,
      gallery_image_urls: 'https://img.example/1.jpg, https://img.example/2.jpg,,',
      tags: 'recovery, foam ,',
      review_1: 'Great',
      review_2: 'Solid',
      category: ' Recovery ',
      cta: 'Check Price',
      currency: 'EUR',
      delivery: 'FREE delivery',
      asin: 'b08n5wrwnw',
    });
    expect(row.patch.categoryName).toBe('Recovery');
    expect(row.patch.attributes).toEqual({
      gallery_image_urls: ['https://img.example/1.jpg', 'https://img.example/2.jpg'],
      tags: ['recovery', 'foam'],
      review_1: 'Great',
      review_2: 'Solid',
      cta: 'Check Price',
      currency: 'EUR',
      delivery: 'FREE delivery',
      asin: 'B08N5WRWNW',
    });
  });

  it('removes the formula guard from every cell before reading it', () => {
    const row = upsert({ affiliate_link: URL, title: "'=SUM(A1)", review_1: "''quoted", price: "'-0" });
    expect(row.patch.name).toBe('=SUM(A1)');
    expect(row.patch.attributes.review_1).toBe("'quoted");
    expect(row.patch.price).toBe(-0);
  });
});

describe('matching keys', () => {
  it('takes SKU, the ASIN column, else the ASIN of an Amazon URL, and the URL', () => {
    expect(upsert({ affiliate_link: AMAZON, sku: ' RW-1 ' }).keys).toEqual({ sku: 'RW-1', asin: 'B08N5WRWNW', affiliateUrl: AMAZON });
    expect(upsert({ affiliate_link: AMAZON, asin: 'B000000001' }).keys.asin).toBe('B000000001');
    expect(upsert({ affiliate_link: URL }).keys).toEqual({ sku: null, asin: null, affiliateUrl: URL });
  });
});

describe('a new product', () => {
  it('gets the defaults of spec section 9, the ASIN and marketplace of its Amazon URL and the imported markers', () => {
    const row = upsert({ affiliate_link: AMAZON, title: 'Roller', sku: 'RW-1', extra_column: 'kept' }, 9);
    const { state, untitled } = newProductFromRow(row, detectAffiliatePlatform(AMAZON), NOW);
    expect(untitled).toBe(false);
    expect(state).toMatchObject({ name: 'Roller', price: 0, salePrice: null, imageUrl: null, inStock: true, specifications: {} });
    expect(state.attributes).toEqual({
      currency: 'USD',
      unit_count: 1,
      date_added: '2026-11-23',
      cta: 'Buy Now',
      affiliate_network: 'amazon',
      status: 'draft',
      asin: 'B08N5WRWNW',
      marketplace: 'www.amazon.com',
      sku: 'RW-1',
      csvImport: true,
      csvRow: 9,
      originalCsvData: { affiliate_link: AMAZON, title: 'Roller', sku: 'RW-1', extra_column: 'kept' },
      imported: true,
      importedAt: '2026-11-23T10:00:00.000Z',
    });
  });

  it('without a title is a draft named from its URL and marked needs_review no-title', () => {
    const url = 'https://shop.example.com/products/adjustable-dumbbell-set';
    const { state, untitled } = newProductFromRow(upsert({ affiliate_link: url, status: 'Published' }), detectAffiliatePlatform(url), NOW);
    expect(untitled).toBe(true);
    expect(state.name).toBe('Adjustable Dumbbell Set');
    expect(state.attributes).toMatchObject({ status: 'draft', needs_review: 'no-title' });
  });
});

describe('an update', () => {
  const stored: CsvProductState = {
    review: null,
    name: 'Roller',
    description: '<p>Firm</p>',
    price: 20,
    salePrice: null,
    imageUrl: null,
    rating: null,
    availability: true,
    inStock: false,
    affiliateUrl: URL,
    commissionRate: 3,
    specifications: { weight: '1 kg' },
    attributes: { sku: 'RW-1', product_num_ratings: 400, brand: 'Acme', imported: true, importedAt: '2025-01-01T00:00:00.000Z' },
  };

  it('changes what the row names and keeps what it leaves blank', () => {
    const merged = mergeRow(stored, upsert({ affiliate_link: URL, price: '18', title: '', rating: '' }));
    expect(merged).toEqual({ ...stored, price: 18 });
    expect(sameProductState(merged, stored)).toBe(false);
  });

  it('does not derive a rating from the count over a stored product (a blank rating keeps the stored one)', () => {
    expect(mergeRow(stored, upsert({ affiliate_link: URL, product_num_ratings: '400' })).rating).toBeNull();
  });

  it('with the stored values is no change, whatever the markers say', () => {
    const row = upsert({ affiliate_link: URL, title: 'Roller', price: '20', in_stock: 'false', custom_attributes: '{"imported":false,"csvRow":99}' });
    expect(sameProductState(mergeRow(stored, row), stored)).toBe(true);
  });

  it('marks a changed product updated, with the row and its cells', () => {
    const attributes = withUpdateMarkers(mergeRow(stored, upsert({ affiliate_link: URL, price: '18' }, 12)), upsert({ affiliate_link: URL, price: '18' }, 12), NOW).attributes;
    expect(attributes).toMatchObject({ updated: true, updatedAt: '2026-11-23T10:00:00.000Z', csvImport: true, csvRow: 12, originalCsvData: { affiliate_link: URL, price: '18' } });
  });
});

describe('an Amazon row without a title', () => {
  const AMAZON_ROW = 'https://www.amazon.co.uk/dp/B08N5WRWNW';
  it('may create a product (its data comes from the Creators API), marked for Amazon data, never named "Amazon"', () => {
    const row = upsert({ affiliate_link: AMAZON_ROW });
    expect(amazonRowWithoutTitle(row, detectAffiliatePlatform(AMAZON_ROW))).toBe(true);
    const { state, untitled } = newProductFromRow(row, detectAffiliatePlatform(AMAZON_ROW), NOW);
    expect(untitled).toBe(true);
    expect(state.name).toBe('');
    expect(state.attributes).toMatchObject({ asin: 'B08N5WRWNW', marketplace: 'www.amazon.co.uk', status: 'draft', needs_review: 'amazon-data' });
  });

  it('a short link qualifies; an Amazon search page or another shop does not', () => {
    for (const [url, ok] of [
      ['https://amzn.to/3xYzAbC', true],
      ['https://www.amazon.com/s?k=yoga', false],
      ['https://shop.example/roller', false],
    ] as const) {
      expect(amazonRowWithoutTitle(upsert({ affiliate_link: url }), detectAffiliatePlatform(url))).toBe(ok);
    }
  });
});
