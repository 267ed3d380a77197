import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { guardCell } from '../../src/domain/admin/csv/formula-guard.ts';
import { AMAZON_REQUIRED_COLUMNS, amazonCurrency, amazonOccurrences, readAmazonRow, type AmazonRow } from '../../src/domain/revenue/report-amazon.ts';
import { parseReportDate } from '../../src/domain/revenue/report-date.ts';
import { mappingProblem, readMappedRow, repeatedTransactions, reportStatus, suggestMapping } from '../../src/domain/revenue/report-generic.ts';
import { prepareReportRows, readReportRows } from '../../src/domain/revenue/report-rows.ts';
import { findHeaderRow, rowInputsUnder } from '../../src/domain/revenue/report.ts';

const AMAZON_HEADER = 'Category,Name,ASIN,Seller,Tracking ID,Date Shipped,Price($),Items Shipped,Returns,Revenue($),Ad Fees($),Device Type Group';
const amazonFile = (lines: string[]) => ['Fee-Earnings reports from 03-01-2026 to 03-31-2026', AMAZON_HEADER, ...lines].join('\n');
const table = (csv: string) => Papa.parse<string[]>(csv, { header: false, skipEmptyLines: false }).data;

/** The tab's steps: parse, find the header, rows under it, Amazon's numbering, then read. */
function readAmazonFile(csv: string) {
  const rows = table(csv);
  const headerIndex = findHeaderRow(rows, AMAZON_REQUIRED_COLUMNS);
  expect(headerIndex).not.toBeNull();
  const headers = rows[headerIndex!]!;
  const format = { network: 'amazon' as const, headers };
  return readReportRows(format, prepareReportRows(format, rowInputsUnder(rows, headerIndex!)));
}

describe('report dates', () => {
  it('reads ISO, US month-first and month names as a day, and refuses days that do not exist', () => {
    expect(parseReportDate('2026-03-05')).toEqual({ ok: true, day: '2026-03-05' });
    expect(parseReportDate('2026-03-05T14:22:01Z')).toEqual({ ok: true, day: '2026-03-05' });
    expect(parseReportDate('3/5/2026')).toEqual({ ok: true, day: '2026-03-05' });
    expect(parseReportDate('03/05/26')).toEqual({ ok: true, day: '2026-03-05' });
    expect(parseReportDate('March 5, 2026')).toEqual({ ok: true, day: '2026-03-05' });
    expect(parseReportDate('Sep 15 2026')).toEqual({ ok: true, day: '2026-09-15' });
    expect(parseReportDate('5 March 2026')).toEqual({ ok: true, day: '2026-03-05' });
    expect(parseReportDate('2026-02-30').ok).toBe(false);
    expect(parseReportDate('13/05/2026').ok).toBe(false);
    expect(parseReportDate('=NOW()').ok).toBe(false);
    expect(parseReportDate('Smarch 5, 2026').ok).toBe(false);
  });
});

describe("Amazon Associates' earnings report", () => {
  it('finds the header row under the title line Amazon puts first', () => {
    const rows = table(amazonFile(['Sports,Foam Roller,B0CSVTEST1,Amazon.com,repwell-20,2026-03-05,25.00,1,0,25.00,1.00,DESKTOP']));
    expect(findHeaderRow(rows, AMAZON_REQUIRED_COLUMNS)).toBe(1);
    const inputs = rowInputsUnder(rows, 1);
    // Spreadsheet numbering: the title is line 1, the header line 2, the first sale line 3.
    expect(inputs).toEqual([expect.objectContaining({ rowNumber: 3, values: expect.objectContaining({ ASIN: 'B0CSVTEST1', 'Tracking ID': 'repwell-20' }) })]);
    expect(findHeaderRow(table('Title only\nfoo,bar'), AMAZON_REQUIRED_COLUMNS)).toBeNull();
  });

  it('matches by ASIN and reads a sale as approved, in cents, in the currency its header names', () => {
    const [row] = readAmazonFile(amazonFile(['Sports,Foam Roller,b0csvtest1,Amazon.com,repwell-20,March 5 2026,25.00,1,0,25.00,1.00,DESKTOP']));
    expect(row).toEqual({
      kind: 'conversion',
      conversion: {
        rowNumber: 3,
        transactionId: 'repwell-20:B0CSVTEST1:2026-03-05:1',
        clickId: null,
        productKey: { kind: 'asin', value: 'B0CSVTEST1' },
        status: 'approved',
        saleCents: 2500,
        commissionCents: 100,
        currency: 'USD',
        day: '2026-03-05',
        returnOf: null,
      },
    });
    expect(amazonCurrency(['ASIN', 'Revenue(£)'])).toBe('GBP');
    expect(amazonCurrency(['ASIN', 'Revenue'])).toBe('USD');
  });

  it('refuses every row of a file whose money is in another currency than the site\'s: pounds are never summed as dollars', () => {
    const pounds = ['Fee-Earnings reports', AMAZON_HEADER.replaceAll('($)', '(£)'), 'Sports,Foam Roller,B0CSVTEST1,Amazon.com,repwell-20,2026-03-05,25.00,1,0,25.00,1.00,DESKTOP'].join('\n');
    expect(readAmazonFile(pounds)).toEqual([
      { kind: 'error', error: { rowNumber: 3, reason: 'Row 3: Revenue(£) GBP is not accepted: amounts are recorded in USD only, so send them in USD' } },
    ]);
  });

  it('makes the same transaction ids from the same file, whatever the order of its rows, and keeps two identical sales apart', () => {
    const sales = [
      'Sports,Foam Roller,B0CSVTEST1,Amazon.com,repwell-20,2026-03-05,25.00,1,0,25.00,1.00,DESKTOP',
      'Sports,Foam Roller,B0CSVTEST1,Amazon.com,repwell-20,2026-03-05,25.00,1,0,25.00,1.00,PHONE',
      'Sports,Foam Roller,B0CSVTEST1,Amazon.com,repwell-20,2026-03-05,30.00,1,0,30.00,1.20,DESKTOP',
      'Sports,Foam Roller,B0CSVTEST1,Amazon.com,repwell-20,2026-03-06,25.00,1,0,25.00,1.00,DESKTOP',
      'Sports,Foam Roller,B0CSVTEST1,Amazon.com,other-20,2026-03-05,25.00,1,0,25.00,1.00,DESKTOP',
    ];
    const ids = (lines: string[]) =>
      readAmazonFile(amazonFile(lines))
        .map((row) => (row.kind === 'conversion' ? `${row.conversion.transactionId}=${row.conversion.commissionCents}` : row.kind))
        .sort();
    const first = ids(sales);
    expect(first).toEqual([
      'other-20:B0CSVTEST1:2026-03-05:1=100',
      'repwell-20:B0CSVTEST1:2026-03-05:1=100',
      'repwell-20:B0CSVTEST1:2026-03-05:2=100',
      'repwell-20:B0CSVTEST1:2026-03-05:3=120',
      'repwell-20:B0CSVTEST1:2026-03-06:1=100',
    ]);
    expect(ids([...sales].reverse())).toEqual(first);
    expect(ids(sales)).toEqual(first);
  });

  it('reads a return as a reversal of a sale of the same tracking id and ASIN, numbered apart from the sales', () => {
    const [sale, ret] = readAmazonFile(
      amazonFile([
        'Sports,Foam Roller,B0CSVTEST1,Amazon.com,repwell-20,2026-03-05,25.00,1,0,25.00,1.00,DESKTOP',
        'Sports,Foam Roller,B0CSVTEST1,Amazon.com,repwell-20,2026-03-05,25.00,0,1,-25.00,-1.00,DESKTOP',
      ]),
    );
    expect(sale).toMatchObject({ kind: 'conversion', conversion: { transactionId: 'repwell-20:B0CSVTEST1:2026-03-05:1', status: 'approved' } });
    expect(ret).toMatchObject({
      kind: 'conversion',
      conversion: { transactionId: 'repwell-20:B0CSVTEST1:2026-03-05:return:1', status: 'reversed', saleCents: 2500, commissionCents: 100, returnOf: 'repwell-20:B0CSVTEST1:' },
    });
  });

  it('names the row and the column of every bad cell', () => {
    const headers = AMAZON_HEADER.split(',');
    const read = (cells: Partial<Record<string, string>>) => {
      const values = { ASIN: 'B0CSVTEST1', 'Tracking ID': 'repwell-20', 'Date Shipped': '2026-03-05', 'Revenue($)': '25.00', 'Ad Fees($)': '1.00', ...cells };
      const result = readAmazonRow(7, Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Record<string, string>, headers);
      return result.ok ? 'ok' : result.error.reason;
    };
    expect(read({})).toBe('ok');
    expect(read({ ASIN: undefined })).toBe('Row 7: ASIN is missing');
    expect(read({ ASIN: 'B0SHORT' })).toMatch(/^Row 7: ASIN must be 10 letters and digits/);
    expect(read({ 'Tracking ID': 'repwell 20' })).toMatch(/^Row 7: Tracking ID must be/);
    expect(read({ 'Date Shipped': 'yesterday' })).toMatch(/^Row 7: Date Shipped is not a date/);
    expect(read({ 'Revenue($)': '$25.00' })).toBe('Row 7: Revenue($) is not an amount like 19.99 or 1,234.50');
    expect(read({ 'Ad Fees($)': '0.125' })).toBe('Row 7: Ad Fees($) has fractions of a cent');
    expect(read({ 'Items Shipped': 'two' })).toBe('Row 7: Items Shipped must be a whole number of items');
    expect(read({ 'Items Shipped': '1', Returns: '1' })).toMatch(/^Row 7: a row cannot both ship and return items/);
    expect(read({ Returns: '1', 'Revenue($)': '25.00' })).toMatch(/^Row 7: a return's Revenue and Ad Fees must be zero or negative/);
  });

  it('refuses formula-looking cells and reads guarded ones as the text they guard', () => {
    const headers = AMAZON_HEADER.split(',');
    const values = { ASIN: 'B0CSVTEST1', 'Tracking ID': 'repwell-20', 'Date Shipped': '2026-03-05', 'Revenue($)': '=1+2', 'Ad Fees($)': '1.00' };
    expect(readAmazonRow(4, values, headers)).toMatchObject({ ok: false, error: { reason: 'Row 4: Revenue($) is not an amount like 19.99 or 1,234.50' } });
    expect(readAmazonRow(4, { ...values, 'Revenue($)': '25.00', 'Tracking ID': '=HYPERLINK("x")' }, headers)).toMatchObject({ ok: false });
    // The CSV export guards '-1.00' as "'-1.00"; the guard is removed before reading.
    expect(readAmazonRow(4, { ...values, 'Revenue($)': guardCell('-25.00'), 'Ad Fees($)': guardCell('-1.00'), Returns: '1' }, headers)).toMatchObject({
      ok: true,
      value: { kind: 'return', saleCents: 2500, commissionCents: 100 },
    });
  });

  it('numbers rows by figures within their group, so the order of a file does not matter', () => {
    const row = (rowNumber: number, commissionCents: number): AmazonRow => ({
      rowNumber,
      trackingId: 't-20',
      asin: 'B0CSVTEST1',
      day: '2026-03-05',
      kind: 'sale',
      saleCents: 1000,
      commissionCents,
      currency: 'USD',
    });
    expect([...amazonOccurrences([row(3, 50), row(4, 10), row(5, 50)])]).toEqual([
      [4, 1],
      [3, 2],
      [5, 3],
    ]);
  });
});

describe('a generic report through a column mapping', () => {
  const headers = ['Event Date', 'SubId1', 'Action Id', 'SKU', 'Sale Amount', 'Payout', 'Status', 'Currency', 'Notes'];

  it('suggests columns from the network names and the saved mapping, each column once', () => {
    expect(suggestMapping('impact', headers)).toEqual({
      date: 'Event Date',
      clickId: 'SubId1',
      productCode: 'SKU',
      transactionId: 'Action Id',
      saleAmount: 'Sale Amount',
      commission: 'Payout',
      status: 'Status',
      currency: 'Currency',
    });
    // A saved mapping wins where its columns are in the file; a column it names that is gone is guessed again.
    expect(suggestMapping('impact', headers, { commission: 'Notes', date: 'Gone' })).toMatchObject({ commission: 'Notes', date: 'Event Date' });
    expect(suggestMapping('generic', ['order_id', 'commission', 'x'])).toEqual({ transactionId: 'order_id', commission: 'commission' });
  });

  it('says what a mapping lacks', () => {
    expect(mappingProblem({ transactionId: 'Action Id' })).toBe('Choose a column for: Commission.');
    expect(mappingProblem({ transactionId: 'Action Id', commission: 'Action Id' })).toBe('Each column can be used for one field only.');
    expect(mappingProblem({ transactionId: 'Action Id', commission: 'Nope' }, headers)).toBe('The file has no column named Nope.');
    expect(mappingProblem({ transactionId: 'Action Id', commission: 'Payout' }, headers)).toBeNull();
  });

  it("reads statuses through the network's words, then the generic ones", () => {
    expect(reportStatus('cj', 'locked')).toBe('approved');
    expect(reportStatus('awin', 'Declined')).toBe('reversed');
    expect(reportStatus('impact', 'Paid')).toBe('approved');
    expect(reportStatus('impact', 'maybe')).toBeNull();
    expect(reportStatus('generic', 'constructor')).toBeNull();
    expect(reportStatus('cj', 'Constructor')).toBeNull();
  });

  const mapping = suggestMapping('impact', headers);
  const read = (cells: Record<string, string>) => readMappedRow('impact', mapping, 5, { 'Action Id': 'A-1', Payout: '4.50', ...cells });

  it('reads a row into a conversion report', () => {
    expect(read({ 'Event Date': '2026-03-05', SubId1: 'clk_1', SKU: 'SKU-9', 'Sale Amount': '1,234.50', Status: 'Approved', Currency: 'usd' })).toEqual({
      ok: true,
      value: {
        rowNumber: 5,
        transactionId: 'A-1',
        clickId: 'clk_1',
        productKey: { kind: 'code', value: 'SKU-9' },
        status: 'approved',
        saleCents: 123450,
        commissionCents: 450,
        currency: 'USD',
        day: '2026-03-05',
        returnOf: null,
      },
    });
    expect(read({})).toMatchObject({ ok: true, value: { status: 'pending', saleCents: null, currency: 'USD', day: null, clickId: null, productKey: null } });
    expect(read({ Payout: '-4.50' })).toMatchObject({ ok: true, value: { status: 'reversed', commissionCents: -450 } });
  });

  it('names the row and the column of every bad cell', () => {
    const reason = (cells: Record<string, string>) => {
      const result = read(cells);
      return result.ok ? 'ok' : result.error.reason;
    };
    expect(reason({ 'Action Id': '' })).toBe('Row 5: Action Id is missing');
    expect(reason({ Payout: '' })).toBe('Row 5: Payout is missing');
    expect(reason({ Payout: '4,50' })).toBe('Row 5: Payout is not an amount like 19.99 or 1,234.50');
    expect(reason({ 'Sale Amount': 'lots' })).toBe('Row 5: Sale Amount is not an amount like 19.99 or 1,234.50');
    expect(reason({ Status: 'maybe' })).toBe("Row 5: Status 'maybe' is not a status this network reports");
    expect(reason({ Payout: '-1.00', Status: 'approved' })).toBe('Row 5: Payout is negative, which is only accepted for a reversal');
    expect(reason({ Currency: 'dollars' })).toBe('Row 5: Currency must be a three-letter code such as USD');
    expect(reason({ Currency: 'ZZZ' })).toBe('Row 5: Currency ZZZ is not an ISO 4217 currency code');
    expect(reason({ Currency: 'jpy' })).toBe('Row 5: Currency JPY is not accepted: amounts are recorded in USD only, so send them in USD');
    expect(reason({ 'Event Date': '31/12/2026' })).toMatch(/^Row 5: Event Date is not a date/);
    expect(reason({ 'Action Id': 'has space' })).toBe('Row 5: Action Id must be 1 to 128 printable characters without spaces');
    expect(reason({ SubId1: 'x'.repeat(129) })).toBe('Row 5: SubId1 must be 1 to 128 printable characters without spaces');
  });

  it('refuses formula-looking identifiers, and reads a guarded cell as its text', () => {
    expect(read({ 'Action Id': '=cmd|x' })).toMatchObject({ ok: false, error: { reason: 'Row 5: Action Id looks like a spreadsheet formula and is not accepted' } });
    expect(read({ SKU: '@SUM(A1)' })).toMatchObject({ ok: false, error: { reason: 'Row 5: SKU looks like a spreadsheet formula and is not accepted' } });
    expect(read({ Payout: '+4.50' })).toMatchObject({ ok: true, value: { commissionCents: 450 } });
    expect(read({ 'Action Id': guardCell("'A-1") })).toMatchObject({ ok: true, value: { transactionId: "'A-1" } });
  });

  it('marks a row that repeats an earlier transaction of the file', () => {
    expect([...repeatedTransactions([{ rowNumber: 2, transactionId: 'A' }, { rowNumber: 3, transactionId: 'B' }, { rowNumber: 4, transactionId: 'A' }])]).toEqual([[4, 2]]);
    const rows = readReportRows({ network: 'impact', headers, mapping }, [
      { rowNumber: 2, values: { 'Action Id': 'A', Payout: '1.00' } },
      { rowNumber: 3, values: { 'Action Id': 'A', Payout: '1.00' } },
      { rowNumber: 4, values: { 'Action Id': 'B' } },
    ]);
    expect(rows.map((row) => row.kind)).toEqual(['conversion', 'repeat', 'error']);
    expect(rows[1]).toMatchObject({ firstRow: 2, reason: 'Row 3: repeats the transaction of row 2' });
  });

  it('refuses a non-Amazon row without a mapping, and an Amazon row sent without its place in the file', () => {
    expect(readReportRows({ network: 'awin', headers }, [{ rowNumber: 2, values: {} }])[0]).toMatchObject({ kind: 'error' });
    const amazonHeaders = AMAZON_HEADER.split(',');
    const values = { ASIN: 'B0CSVTEST1', 'Tracking ID': 'repwell-20', 'Date Shipped': '2026-03-05', 'Revenue($)': '25.00', 'Ad Fees($)': '1.00' };
    expect(readReportRows({ network: 'amazon', headers: amazonHeaders }, [{ rowNumber: 3, values }])[0]).toMatchObject({
      kind: 'error',
      error: { reason: "Row 3: the row's place in the file was not sent" },
    });
  });
});
