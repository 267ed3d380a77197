import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { checkCsvFile, checkParsedCsv, csvParseConfig, MAX_CSV_BYTES, missingRequiredColumns, normalizeCsvHeader, rowInputsFromRecords } from '../../src/domain/admin/csv/parse.ts';
import { foundProductsText, importSuccessfulText, processingCompleteText } from '../../src/domain/admin/csv/texts.ts';

const parse = (text: string) => Papa.parse<Record<string, string>>(text, csvParseConfig);

describe('the file chooser', () => {
  it("refuses a name that does not end in .csv: 'Invalid file type' / 'Please select a CSV file'", () => {
    expect(checkCsvFile({ name: 'products.xlsx', size: 10 })).toEqual({ title: 'Invalid file type', description: 'Please select a CSV file' });
    expect(checkCsvFile({ name: 'products.csv.txt', size: 10 })).not.toBeNull();
    expect(checkCsvFile({ name: 'PRODUCTS.CSV', size: 10 })).toBeNull();
  });

  it("refuses more than 5 MB: 'File too large' / 'Please select a file smaller than 5MB'", () => {
    expect(checkCsvFile({ name: 'a.csv', size: MAX_CSV_BYTES })).toBeNull();
    expect(checkCsvFile({ name: 'a.csv', size: MAX_CSV_BYTES + 1 })).toEqual({ title: 'File too large', description: 'Please select a file smaller than 5MB' });
  });
});

describe('the header rule', () => {
  it.each([
    ['Affiliate Link', 'affiliate_link'],
    ['  Product-Title ', 'product_title'],
    ['\uFEFFaffiliate_link', 'affiliate_link'],
    ['Price ($)', 'price____'],
    ['Crème', 'cr_me'],
  ])('%j → %s', (header, normalized) => {
    expect(normalizeCsvHeader(header)).toBe(normalized);
  });

  it('is applied by the parser settings', () => {
    expect(parse('Affiliate Link,Title\nhttps://a.example/x,X\n').data).toEqual([{ affiliate_link: 'https://a.example/x', title: 'X' }]);
  });

  it("needs affiliate_link or product_url: 'Missing required columns: affiliate_link'", () => {
    expect(missingRequiredColumns(['product_url', 'title'])).toEqual([]);
    expect(missingRequiredColumns(['title'])).toEqual(['affiliate_link']);
    expect(checkParsedCsv(parse('title,price\nFoam roller,10\n'))).toEqual({ title: 'CSV parsing failed', description: 'Missing required columns: affiliate_link' });
  });
});

describe('what the parser gives', () => {
  it('needs a header row and one data row', () => {
    for (const text of ['affiliate_link,title\n', 'affiliate_link,title\n\n  \n', '']) {
      expect(checkParsedCsv(parse(text))).toEqual({ title: 'CSV parsing failed', description: 'CSV must contain at least a header row and one data row' });
    }
  });

  it('fails on an unterminated quote, naming the row', () => {
    const problem = checkParsedCsv(parse('affiliate_link,title\nhttps://a.example/x,"Open quote\n'));
    expect(problem?.title).toBe('CSV parsing failed');
    expect(problem?.description).toMatch(/^Row 2: /);
  });

  it('reads quoted fields with doubled quotes, commas and newlines', () => {
    const result = parse('affiliate_link,title\r\nhttps://a.example/x,"The ""Best"" roller, 36\nin"\r\n');
    expect(checkParsedCsv(result)).toBeNull();
    expect(result.data[0]!.title).toBe('The "Best" roller, 36\nin');
  });

  it('numbers rows from 2 and keeps cells as text', () => {
    const inputs = rowInputsFromRecords(parse('affiliate_link,sku\nhttps://a.example/1,00123\nhttps://a.example/2,7\n').data);
    expect(inputs).toEqual([
      { rowNumber: 2, values: { affiliate_link: 'https://a.example/1', sku: '00123' } },
      { rowNumber: 3, values: { affiliate_link: 'https://a.example/2', sku: '7' } },
    ]);
  });
});

describe('the messages', () => {
  it('formats the counts as the spec writes them', () => {
    expect(foundProductsText(12)).toBe('Found 12 products to import');
    expect(processingCompleteText({ new: 3, updates: 2, unchanged: 4, deletes: 1, errors: 0 })).toBe('3 new, 2 updates, 1 deletes, 0 errors');
    expect(importSuccessfulText({ imported: 3, updated: 2, deleted: 1 })).toBe('3 imported, 2 updated, 1 deleted');
  });
});
