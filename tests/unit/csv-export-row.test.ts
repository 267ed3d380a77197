/**
 * Export then import changes nothing (issue 11, point 7): each product is written as an export row, the file is
 * parsed with the import's settings and read with the row rules, and the row applied to the stored product gives
 * back every field exactly, including text that begins with = + - @ ', tab or CR, quotes, commas, newlines, emoji and
 * right-to-left text, and attributes no column can carry.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS } from '../../src/domain/admin/csv/export-row.ts';
import { csvHeaderLine, csvLines, exportFileName, productToCsvRecord, type ExportProduct } from '../../src/domain/admin/csv/export-row.ts';
import { checkParsedCsv, csvParseConfig, rowInputsFromRecords } from '../../src/domain/admin/csv/parse.ts';
import { mergeRow, sameProductState } from '../../src/domain/admin/csv/product-state.ts';
import { readCsvRow } from '../../src/domain/admin/csv/row.ts';

const TRICKY = [
  '=HYPERLINK("https://evil.example","click")',
  '+1 555 0100',
  '-10% off',
  '@everyone',
  "'quoted from the start",
  "''two apostrophes",
  '\tTabbed',
  '\rcarriage',
  'He said "hi", then left',
  'line one\nline two\r\nline three',
  'Emoji 💪🏽🔥 and ZWJ 👩‍👩‍👧',
  'שלום עולם مرحبا',
  '\u202Eright-to-left override',
  ' leading and trailing spaces ',
  'comma, separated, text',
];

function product(index: number, text: string): ExportProduct {
  return {
    review: null,
    name: `${text} ${index}`.slice(0, 200),
    description: `<p>${text}</p>`,
    price: [0, 19.99, 1299.5, 0.1 + 0.2][index % 4]!,
    salePrice: index % 2 === 0 ? null : 9.99,
    imageUrl: index % 3 === 0 ? null : `/images/products/p-${index}.svg`,
    rating: index % 5 === 0 ? null : 4.3,
    availability: index % 2 === 0,
    inStock: index % 3 !== 0,
    affiliateUrl: `https://shop.example.com/item/${index}?q=${encodeURIComponent(text)}`,
    commissionRate: index % 4 === 0 ? null : 4.5,
    specifications: index % 3 === 0 ? {} : { note: text, weight: '2 kg', nested: { list: [1, 'two', null] } },
    categoryName: index % 4 === 0 ? null : `Category ${text}`,
    attributes: {
      sku: `SKU-${index}`,
      status: ['Published', 'draft', 'active'][index % 3],
      review_1: text,
      review_2: `-${text}`,
      tags: ['alpha', 'beta gamma'],
      gallery_image_urls: index % 2 === 0 ? ['https://img.example/a.jpg', 'https://img.example/b,c.jpg'] : ['https://img.example/a.jpg'],
      product_num_ratings: index % 2 === 0 ? 1234 : '1,234',
      sales_volume: '1K+ bought in past month',
      unit_price: 2.5,
      is_prime: index % 2 === 0,
      is_best_seller: 'yes',
      currency: ' USD ',
      brand: text,
      is_featured: true,
      needs_review: 'no-title',
      imported: true,
      importedAt: '2026-01-01T00:00:00.000Z',
      originalCsvData: { title: text, price: '$19.99' },
      csvRow: 17,
      nothing: null,
      deal_end_date: '2026-12-01T00:00:00.000Z',
    },
  };
}

const products = TRICKY.flatMap((text, i) => [product(i * 2, text), product(i * 2 + 1, text)]);
const file = csvHeaderLine() + csvLines(products.map(productToCsvRecord));

describe('the export file', () => {
  const parsed = Papa.parse<Record<string, string>>(file, csvParseConfig);

  it('has the template columns and one row per product, and parses cleanly through the import settings', () => {
    expect(checkParsedCsv(parsed)).toBeNull();
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual([...EXPORT_COLUMNS]);
    expect(parsed.data).toHaveLength(products.length);
  });

  it('guards every cell a spreadsheet would run as a formula', () => {
    const cells = parsed.data.flatMap((row) => Object.values(row));
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    expect(parsed.data[0]!.title).toBe(`'${TRICKY[0]} 0`);
  });

  it('reads back into every product unchanged: every field, every attribute', () => {
    const inputs = rowInputsFromRecords(parsed.data);
    inputs.forEach((input, index) => {
      const { categoryName, ...stored } = products[index]!;
      const row = readCsvRow(input.rowNumber, input.values);
      if (!row.ok || row.action !== 'upsert') throw new Error(JSON.stringify(row));
      const merged = mergeRow(stored, row);
      expect(merged).toEqual(stored);
      expect(sameProductState(merged, stored)).toBe(true);
      expect(row.patch.categoryName ?? null).toBe(categoryName === null ? null : categoryName.trim());
    });
  });

  it('writes attribute values a column cannot carry exactly into custom_attributes instead', () => {
    const record = productToCsvRecord(products[0]!);
    expect(record.is_best_seller).toBe('');
    expect(record.currency).toBe('');
    expect(record.gallery_image_urls).toBe('');
    expect(JSON.parse(record.custom_attributes)).toMatchObject({ is_best_seller: 'yes', currency: ' USD ', gallery_image_urls: ['https://img.example/a.jpg', 'https://img.example/b,c.jpg'], nothing: null });
    expect(productToCsvRecord(products[1]!).product_num_ratings).toBe('');
    expect(products.every((p) => productToCsvRecord(p).sku === p.attributes.sku)).toBe(true);
  });

  it('is named with the day', () => {
    expect(exportFileName(new Date('2026-11-23T23:59:00Z'))).toBe('repwell-products-2026-11-23.csv');
  });
});
