/**
 * The import's checks that keep a file from merging silently: the file's encoding (UTF-8, else Windows-1252, else
 * refused), headers that normalise to one column, rows of one file naming the same product, a category that does not
 * exist (refused with the nearest name), and the fields an update changes.
 */
import { describe, expect, it } from 'vitest';
import { matchCategory, nearestCategoryName } from '../../src/domain/admin/csv/category-match.ts';
import { changeText, MAX_CHANGE_TEXT, productChanges } from '../../src/domain/admin/csv/changes.ts';
import { duplicateRowReasons } from '../../src/domain/admin/csv/duplicates.ts';
import { decodeCsvBytes } from '../../src/domain/admin/csv/encoding.ts';
import { duplicateHeaderProblem, rawCsvHeaders } from '../../src/domain/admin/csv/parse.ts';
import type { CsvProductState } from '../../src/domain/admin/csv/product-state.ts';
import { readCsvRow } from '../../src/domain/admin/csv/row.ts';
import { stripControlCharacters } from '../../src/domain/text-input.ts';

/** 'Café crème' as Excel's plain "CSV" writes it on Windows: é is 0xE9, è is 0xE8. */
const WINDOWS_1252 = Uint8Array.from([...Buffer.from('title,affiliate_link\r\nCaf'), 0xe9, ...Buffer.from(' cr'), 0xe8, ...Buffer.from('me,https://a.example/x\r\n')]);

describe('the file encoding', () => {
  it('reads UTF-8 as it is, with or without a byte order mark', () => {
    const text = 'title\nCafé crème 💪';
    expect(decodeCsvBytes(new TextEncoder().encode(text))).toEqual({ ok: true, text, encoding: 'utf-8' });
    expect(decodeCsvBytes(new TextEncoder().encode(`\uFEFF${text}`))).toEqual({ ok: true, text, encoding: 'utf-8' });
  });

  it("reads a file that is not UTF-8 as Windows-1252: 'Café crème', never 'Caf� cr�me'", () => {
    const decoded = decodeCsvBytes(WINDOWS_1252);
    expect(decoded).toMatchObject({ ok: true, encoding: 'windows-1252' });
    expect(decoded.ok && decoded.text).toContain('Café crème');
    expect(decoded.ok && decoded.text).not.toContain('\uFFFD');
    // Windows-1252's own characters between 0x80 and 0x9F: € and the curly quotes.
    const quotes = decodeCsvBytes(Uint8Array.from([0x80, 0x20, 0x93, 0x61, 0x94]));
    expect(quotes.ok && quotes.text).toBe('€ “a”');
  });

  it('reads UTF-16 named by its byte order mark', () => {
    const le = Uint8Array.from([0xff, 0xfe, ...Buffer.from('title\nCafé', 'utf16le')]);
    expect(decodeCsvBytes(le)).toEqual({ ok: true, text: 'title\nCafé', encoding: 'utf-16le' });
  });

  it('refuses bytes that are neither, with a message saying how to save the file', () => {
    for (const bytes of [Uint8Array.from([0x74, 0x00, 0x69, 0x00, 0xe9, 0x00]), Uint8Array.from([0x61, 0x81, 0xe9])]) {
      const decoded = decodeCsvBytes(bytes);
      expect(decoded.ok).toBe(false);
      expect(!decoded.ok && decoded.problem).toEqual({
        title: 'Unsupported file encoding',
        description: 'The file is neither UTF-8 nor Windows-1252 text. Save it from your spreadsheet as "CSV UTF-8 (Comma delimited)" and choose it again.',
      });
    }
  });
});

describe('headers that normalise to one column', () => {
  it('are refused, naming them and the column', () => {
    expect(duplicateHeaderProblem(rawCsvHeaders('Title,affiliate_link,title ,Product URL,product-url\r\nx,y,z,u,v'))).toEqual({
      title: 'CSV parsing failed',
      description: 'Columns "Title" and "title " are the same column (title); Columns "Product URL" and "product-url" are the same column (product_url). Keep one of each and choose the file again.',
    });
    expect(duplicateHeaderProblem(['SKU', 'sku', 'Sku'])?.description).toBe('Columns "SKU", "sku" and "Sku" are the same column (sku). Keep one of each and choose the file again.');
  });

  it('leave distinct headers and blank trailing headers alone', () => {
    expect(duplicateHeaderProblem(['title', 'affiliate_link', '', ' '])).toBeNull();
    expect(rawCsvHeaders('"a,b",c\n1,2')).toEqual(['a,b', 'c']);
  });
});

describe('rows naming the same product', () => {
  const rows = (...values: Record<string, string>[]) => values.map((cells, i) => readCsvRow(i + 2, cells));

  it('by SKU, or by link when there is no SKU, are each an error naming the other rows', () => {
    const reasons = duplicateRowReasons(
      rows(
        { affiliate_link: 'https://a.example/1', sku: 'S' },
        { affiliate_link: 'https://a.example/2', sku: 'S' },
        { affiliate_link: 'https://a.example/3' },
        { affiliate_link: 'https://a.example/3' },
        { affiliate_link: 'https://a.example/1', sku: 'T' },
        { affiliate_link: 'https://a.example/9', sku: 'S' },
      ),
    );
    expect(Object.fromEntries(reasons)).toEqual({
      2: "Row 2: same sku 'S' as rows 3, 7; a file may name each product once",
      3: "Row 3: same sku 'S' as rows 2, 7; a file may name each product once",
      7: "Row 7: same sku 'S' as rows 2, 3; a file may name each product once",
      4: "Row 4: same affiliate_link 'https://a.example/3' as row 5; a file may name each product once",
      5: "Row 5: same affiliate_link 'https://a.example/3' as row 4; a file may name each product once",
    });
  });

  it('do not include rows already refused for another reason, or rows with different SKUs sharing a link', () => {
    expect(duplicateRowReasons(rows({ affiliate_link: 'bad' }, { affiliate_link: 'bad' }, { affiliate_link: 'https://a.example/1', sku: 'A' }, { affiliate_link: 'https://a.example/1', sku: 'B' })).size).toBe(0);
  });
});

describe('the category a row names', () => {
  const list = [
    { id: 1, name: 'Fitness' },
    { id: 2, name: 'Recovery Tools' },
    { id: 3, name: 'Uncategorized' },
  ];

  it('is the category of that name, in any case', () => {
    expect(matchCategory('Fitness', list)).toEqual({ ok: true, id: 1 });
    expect(matchCategory(' recovery tools ', list)).toEqual({ ok: true, id: 2 });
  });

  it('is refused when no category has the name, suggesting the nearest one rather than using it', () => {
    expect(matchCategory('Fitnes', list)).toEqual({ ok: false, suggestion: 'Fitness' });
    expect(matchCategory('Recovery', list)).toEqual({ ok: false, suggestion: 'Recovery Tools' });
    expect(matchCategory('Kitchen Knives', list)).toEqual({ ok: false, suggestion: null });
    expect(nearestCategoryName('x', [])).toBeNull();
  });

  it("has its message in the row's error", async () => {
    const { rowTexts } = await import('../../src/domain/admin/csv/texts.ts');
    expect(rowTexts.unknownCategory(5, 'Fitnes', 'Fitness')).toBe(
      "Row 5: category 'Fitnes' does not exist (did you mean 'Fitness'?); correct the cell or add the category on the Categories page first",
    );
  });
});

describe('the fields an update changes', () => {
  const stored: CsvProductState = {
    review: null,
    name: 'Foam Roller',
    description: '<p>Firm.</p>',
    price: 13,
    salePrice: null,
    imageUrl: null,
    rating: 4.5,
    availability: true,
    inStock: true,
    affiliateUrl: 'https://a.example/1',
    commissionRate: null,
    specifications: { weight: '1 kg' },
    attributes: { sku: 'S', tags: ['foam', 'roller'], csvRow: 4, updatedAt: 'then' },
  };

  it('are none for the same values, whatever the import markers say', () => {
    expect(productChanges(stored, { ...stored, attributes: { ...stored.attributes, csvRow: 9, updatedAt: 'now', updated: true } })).toEqual([]);
    expect(productChanges(stored, stored, { from: 'Fitness', to: 'Fitness' })).toEqual([]);
  });

  it('name each changed column with the stored value and the new one, as the file writes them', () => {
    const after = { ...stored, price: 14.5, salePrice: 12, specifications: { weight: '2 kg' }, attributes: { ...stored.attributes, tags: ['foam'], cta: 'Buy' } };
    expect(productChanges(stored, after, { from: 'Fitness', to: 'Recovery Tools' })).toEqual([
      { field: 'price', from: '13', to: '14.5' },
      { field: 'sale_price', from: '', to: '12' },
      { field: 'specifications', from: '{"weight":"1 kg"}', to: '{"weight":"2 kg"}' },
      { field: 'category', from: 'Fitness', to: 'Recovery Tools' },
      { field: 'cta', from: '', to: 'Buy' },
      { field: 'tags', from: 'foam, roller', to: 'foam' },
    ]);
  });

  it('cut a long value to MAX_CHANGE_TEXT characters', () => {
    expect(changeText('x'.repeat(1000))).toHaveLength(MAX_CHANGE_TEXT);
    expect(changeText(null)).toBe('');
  });
});

describe('stripping control characters', () => {
  it('removes NUL, ESC, DEL and C1 controls, and keeps tab, line feed and carriage return', () => {
    expect(stripControlCharacters('\u0000=1+1')).toBe('=1+1');
    expect(stripControlCharacters('a\u001b[31mb\u007f\u0085c')).toBe('a[31mbc');
    expect(stripControlCharacters('a\tb\r\nc')).toBe('a\tb\r\nc');
    expect(stripControlCharacters('Café 💪 \u200d\u202e')).toBe('Café 💪 \u200d\u202e');
  });
});
