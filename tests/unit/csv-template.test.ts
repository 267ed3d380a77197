import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, TEMPLATE_FILE_NAME, templateCsv } from '../../src/domain/admin/csv/columns.ts';
import { checkParsedCsv, csvParseConfig, rowInputsFromRecords } from '../../src/domain/admin/csv/parse.ts';
import { readCsvRow } from '../../src/domain/admin/csv/row.ts';

describe('the CSV template', () => {
  it('is named affiliate_products_template.csv', () => {
    expect(TEMPLATE_FILE_NAME).toBe('affiliate_products_template.csv');
  });

  it("lists every column of spec section 3 in the spec's order", () => {
    const spec =
      'affiliate_link, title, image_url, gallery_image_urls, description, price, sale_price, rating, review_1, review_2, category, tags, sku, status, date_added, cta, affiliate_network, commission_rate, availability, in_stock, specifications, custom_attributes, action, asin, product_title, unit_price, unit_count, currency, product_num_ratings, sales_volume, product_url, product_photo, product_num_offers, product_minimum_offer_price, is_best_seller, is_amazon_choice, is_prime, climate_pledge_friendly, has_variations, delivery, product_byline, coupon_text, product_badge, product_original_price, standing_screen_display_size, memory_storage_capacity, ram_memory_installed_size';
    expect([...CSV_COLUMNS]).toEqual(spec.split(', '));
  });

  it('has a header and exactly one example row that parses back through the import settings', () => {
    const result = Papa.parse<Record<string, string>>(templateCsv(), csvParseConfig);
    expect(result.errors).toEqual([]);
    expect(result.meta.fields).toEqual([...CSV_COLUMNS]);
    expect(result.data).toHaveLength(1);
    expect(checkParsedCsv(result)).toBeNull();
  });

  it('has an example row the row rules accept as a new, titled, published product', () => {
    const [input] = rowInputsFromRecords(Papa.parse<Record<string, string>>(templateCsv(), csvParseConfig).data);
    const row = readCsvRow(input!.rowNumber, input!.values);
    expect(row).toMatchObject({ ok: true, action: 'upsert', rowNumber: 2 });
    if (!row.ok || row.action !== 'upsert') throw new Error('not an upsert');
    expect(row.patch.name).toBe('Theragun Elite Percussion Massage Gun');
    expect(row.patch.price).toBe(399);
    expect(row.patch.attributes.status).toBe('Published');
    expect(row.patch.attributes.gallery_image_urls).toHaveLength(2);
    expect(row.patch.specifications).toEqual({ weight: '2.2 lb', battery: '120 minutes', speeds: '5' });
  });
});
