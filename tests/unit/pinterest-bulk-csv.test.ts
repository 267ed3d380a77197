/**
 * Pinterest's bulk-create CSV (issue 12, point 5) against a sample of its template
 * (tests/fixtures/pinterest/bulk-template-sample.csv): the exact header, the UTC publish date format, the 500-character
 * description with its disclosure, the row limit per file, the two-week window and the formula guard.
 */
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { bulkCsvFiles, CSV_COLUMNS, csvPublishDate, csvTexts, guardFormula, type CsvPin } from '../../src/domain/admin/pinterest/bulk-csv.ts';
import { CSV_ROWS_PER_FILE } from '../../src/domain/admin/pinterest/limits.ts';

const template = Papa.parse<string[]>(readFileSync('tests/fixtures/pinterest/bulk-template-sample.csv', 'utf8').trim());
const now = new Date('2026-11-23T10:00:00Z');

function pin(id: number, overrides: Partial<CsvPin> = {}): CsvPin {
  return {
    id,
    title: `Foam Roller ${id}`,
    description: 'Deep recovery, at home.',
    link: `https://repwell.example/product/roller-${id}?utm_source=pinterest`,
    isAffiliate: false,
    imageUrl: `https://repwell.example/images/roller-${id}.png`,
    boardName: 'Recovery',
    publishAt: new Date('2026-11-25T08:30:00Z'),
    ...overrides,
  };
}

const parse = (csv: string) => Papa.parse<string[]>(csv).data;

describe('bulk-create CSV', () => {
  it('writes the template’s header, column for column', () => {
    expect(CSV_COLUMNS).toEqual(template.data[0]);
    const { files } = bulkCsvFiles([pin(1)], now);
    expect(parse(files[0]!.csv)[0]).toEqual(template.data[0]);
  });

  it('writes the publish date in UTC as the template does (YYYY-MM-DDTHH:MM:SS)', () => {
    const sampleDate = template.data[1]![6]!;
    expect(sampleDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(csvPublishDate(new Date('2026-11-25T08:30:00+02:00'))).toBe('2026-11-25T06:30:00');
    const row = parse(bulkCsvFiles([pin(1)], now).files[0]!.csv)[1]!;
    expect(row).toEqual([
      'Foam Roller 1',
      'https://repwell.example/images/roller-1.png',
      'Recovery',
      '',
      'Deep recovery, at home.',
      'https://repwell.example/product/roller-1?utm_source=pinterest',
      '2026-11-25T08:30:00',
      '',
    ]);
  });

  it('leaves the date empty for a pin already due, which Pinterest publishes on upload', () => {
    const row = parse(bulkCsvFiles([pin(1, { publishAt: new Date('2026-11-20T00:00:00Z') })], now).files[0]!.csv)[1]!;
    expect(row[6]).toBe('');
  });

  it('cuts descriptions to 500 characters and keeps the #ad of an affiliate pin', () => {
    const row = parse(bulkCsvFiles([pin(1, { description: 'word '.repeat(200), isAffiliate: true })], now).files[0]!.csv)[1]!;
    expect([...row[4]!].length).toBeLessThanOrEqual(500);
    expect(row[4]!.endsWith(' #ad')).toBe(true);
  });

  it(`splits more than ${CSV_ROWS_PER_FILE} pins into files of at most ${CSV_ROWS_PER_FILE} rows`, () => {
    const { files, skipped } = bulkCsvFiles(
      Array.from({ length: 2 * CSV_ROWS_PER_FILE + 5 }, (_, index) => pin(index + 1)),
      now,
    );
    expect(skipped).toEqual([]);
    expect(files.map((file) => file.rows)).toEqual([CSV_ROWS_PER_FILE, CSV_ROWS_PER_FILE, 5]);
    expect(files.map((file) => file.filename)).toEqual([
      'pinterest-pins-20261123-1000-part-1-of-3.csv',
      'pinterest-pins-20261123-1000-part-2-of-3.csv',
      'pinterest-pins-20261123-1000-part-3-of-3.csv',
    ]);
    expect(parse(files[1]!.csv).filter((row) => row.length > 1)).toHaveLength(CSV_ROWS_PER_FILE + 1);
  });

  it('leaves out pins Pinterest would refuse, with the reason', () => {
    const { files, skipped } = bulkCsvFiles(
      [pin(1, { publishAt: new Date('2026-12-08T10:00:01Z') }), pin(2, { boardName: null }), pin(3, { publishAt: new Date('2026-12-07T10:00:00Z') })],
      now,
    );
    expect(skipped).toEqual([
      { id: 1, reason: csvTexts.tooFarAhead },
      { id: 2, reason: csvTexts.noBoard },
    ]);
    expect(files[0]!.rows).toBe(1);
  });

  it('guards cells a spreadsheet would run as formulas, and keeps commas and line breaks in one cell', () => {
    expect(guardFormula('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(guardFormula('-50% off')).toBe(`'-50% off`);
    expect(guardFormula('Plain')).toBe('Plain');
    const row = parse(bulkCsvFiles([pin(1, { title: '@cmd', description: 'Soft, firm\nand light' })], now).files[0]!.csv)[1]!;
    expect(row[0]).toBe(`'@cmd`);
    expect(row[4]).toBe('Soft, firm\nand light');
  });
});
