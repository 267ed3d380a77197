/**
 * Network report imports over HTTP against a real libSQL file (issue 14, points 4 and 8): who may call them, the
 * preview's matched / unmatched / duplicate / changed / error rows with nothing written, the import writing exactly
 * the previewed rows through the conversions' write path, a second import changing nothing, a postback and a report
 * row of one transaction counted once, Amazon's earnings report with its title line, ASIN matching and returns, the
 * saved mapping, and malformed bodies answered 4xx, never 500.
 */
import { count, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { auditLog, clicks, conversions, products } from '../../db/schema.ts';
import { REPORT_PREVIEW_ROWS, type ReportImportAnswer, type ReportPreviewAnswer, type ReportPreviewRow } from '../../src/domain/admin/revenue-report.ts';
import { AMAZON_REQUIRED_COLUMNS } from '../../src/domain/revenue/report-amazon.ts';
import { suggestMapping, type ReportMapping } from '../../src/domain/revenue/report-generic.ts';
import { prepareReportRows, type ReportFileRow } from '../../src/domain/revenue/report-rows.ts';
import { findHeaderRow, rowInputsUnder, type ReportNetwork } from '../../src/domain/revenue/report.ts';
import { recordConversion } from '../../src/server/revenue/conversions.ts';
import { expectAdminOnly, expectWriteGuards, signedInAs } from '../helpers/admin-api.ts';
import { startLocalApi, type Browser, type LocalApi } from '../helpers/local-api.ts';

let api: LocalApi;
let admin: Browser;
let gunId: number;
let rollerId: number;
let bandId: number;

const db = <T>(work: (d: Db) => Promise<T>) => api.temp.database.run(work);
const conversionCount = async () => (await db((d) => d.select({ n: count() }).from(conversions).get()))!.n;
const figures = (id: number) => db((d) => d.select({ count: products.conversionCount, revenue: products.revenueCents }).from(products).where(eq(products.id, id)).get());
const stored = (network: string, transactionId: string) =>
  db((d) => d.select().from(conversions).where(eq(conversions.transactionId, transactionId)).all()).then((rows) => rows.filter((row) => row.network === network));

interface ParsedFile {
  network: ReportNetwork;
  headers: string[];
  mapping?: ReportMapping;
  rows: ReportFileRow[];
}

/** The tab's steps: papaparse, the header row (under a title line for Amazon), the rows under it, Amazon's numbering. */
function parseFile(network: ReportNetwork, csv: string, mapping?: ReportMapping): ParsedFile {
  const table = Papa.parse<string[]>(csv, { header: false, skipEmptyLines: false }).data;
  const required = network === 'amazon' ? AMAZON_REQUIRED_COLUMNS : [];
  const headerIndex = findHeaderRow(table, required)!;
  const headers = table[headerIndex]!.map((header) => header.trim());
  const format = { network, headers, mapping: network === 'amazon' ? undefined : (mapping ?? suggestMapping(network, headers)) };
  return { ...format, rows: prepareReportRows(format, rowInputsUnder(table, headerIndex)) };
}

const post = (path: string, json: unknown) => admin.fetch(path, { method: 'POST', json });

async function preview(file: ParsedFile, rows = file.rows): Promise<ReportPreviewRow[]> {
  const response = await post('/api/admin/revenue/report/preview', { ...file, rows });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as ReportPreviewAnswer).rows;
}

async function importRows(file: ParsedFile, rows: readonly ReportFileRow[]): Promise<ReportImportAnswer> {
  const response = await post('/api/admin/revenue/report/import', { ...file, rows });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as ReportImportAnswer;
}

const tally = (rows: readonly ReportPreviewRow[]) => {
  const counts: Record<string, number> = { matched: 0, unmatched: 0, duplicate: 0, changed: 0, error: 0 };
  for (const row of rows) counts[row.outcome]!++;
  return counts;
};
/** What the tab imports: the rows the preview says write something. */
const importable = (file: ParsedFile, previewed: readonly ReportPreviewRow[]) => {
  const writes = new Set(previewed.filter((row) => ['matched', 'unmatched', 'changed'].includes(row.outcome)).map((row) => row.rowNumber));
  return file.rows.filter((row) => writes.has(row.rowNumber));
};

beforeAll(async () => {
  api = await startLocalApi();
  admin = await signedInAs(api, 'admin');
  const rows = await db((d) =>
    d
      .insert(products)
      .values([
        { name: 'Massage Gun', slug: 'massage-gun', price: 99, affiliateUrl: 'https://example.com/gun', attributes: { sku: 'GUN-1' } },
        { name: 'Foam Roller', slug: 'foam-roller', price: 25, affiliateUrl: 'https://www.amazon.com/dp/B0CSVTEST1', attributes: { asin: 'B0CSVTEST1' } },
        { name: 'Resistance Band', slug: 'resistance-band', price: 15, affiliateUrl: 'https://example.com/band', attributes: { sku: 'BAND-1' } },
      ])
      .returning(),
  );
  [gunId, rollerId, bandId] = rows.map((row) => row.id) as [number, number, number];
  await db((d) => d.insert(clicks).values({ clickId: 'clk_report_gun_0001', productId: gunId, pagePath: '/blog/recovery', network: 'impact' }));
});
afterAll(() => api.close());

describe('who may call the report endpoints', () => {
  const file = () => parseFile('impact', 'Action Id,Payout\nA-guard,1.00');
  it('answers 401 to a visitor and 403 to a user, refuses cross-site and non-JSON writes, and writes nothing', async () => {
    const before = await conversionCount();
    const calls = [
      { method: 'POST' as const, path: '/api/admin/revenue/report/preview', json: file() },
      { method: 'POST' as const, path: '/api/admin/revenue/report/import', json: file() },
      { method: 'GET' as const, path: '/api/admin/revenue/report/mapping?network=impact' },
      { method: 'PUT' as const, path: '/api/admin/revenue/report/mapping', json: { network: 'impact', mapping: { transactionId: 'Action Id', commission: 'Payout' } } },
    ];
    for (const call of calls) await expectAdminOnly(api, call);
    for (const call of calls.filter((call) => call.method !== 'GET')) await expectWriteGuards(admin, call);
    expect(await conversionCount()).toBe(before);
  });
});

describe('a generic report (Impact) with matched, unmatched, duplicate, changed and bad rows', () => {
  const csv = [
    'Event Date,SubId1,Action Id,SKU,Sale Amount,Payout,Status',
    '2026-03-01,clk_report_gun_0001,IMP-1,,100.00,8.00,Pending', // 2 matched by its click
    '2026-03-01,,IMP-2,BAND-1,30.00,2.40,Approved', // 3 matched by SKU
    '2026-03-02,,IMP-3,UNKNOWN-SKU,50.00,4.00,Approved', // 4 unmatched
    '2026-03-02,,IMP-4,,50.00,4;00,Approved', // 5 bad commission
    '2026-03-03,clk_report_gun_0001,IMP-1,,100.00,8.00,Pending', // 6 repeats row 2
    '2026-03-03,,IMP-5,GUN-1,60.00,5.00,Approved', // 7 already stored by a postback, same figures
    '2026-03-03,,IMP-6,GUN-1,70.00,6.00,Approved', // 8 stored by a postback as pending: changes
    '2026-03-03,,=HYPERLINK("http://x"),GUN-1,70.00,6.00,Approved', // 9 formula
  ].join('\n');

  it('previews each row without writing, imports exactly the previewed rows once, and a second import changes nothing', async () => {
    // Postbacks that arrived before the report: IMP-5 exactly as the report has it, IMP-6 still pending.
    await recordConversion(api.temp.database, { network: 'impact', transactionId: 'IMP-5', clickId: null, productId: gunId, status: 'approved', saleCents: 6000, commissionCents: 500, currency: 'USD', source: 'postback' });
    await recordConversion(api.temp.database, { network: 'impact', transactionId: 'IMP-6', clickId: null, productId: gunId, status: 'pending', saleCents: 7000, commissionCents: 600, currency: 'USD', source: 'postback' });
    expect(await figures(gunId)).toEqual({ count: 2, revenue: 1100 });
    const before = await conversionCount();

    const file = parseFile('impact', csv);
    expect(file.mapping).toMatchObject({ date: 'Event Date', clickId: 'SubId1', transactionId: 'Action Id', productCode: 'SKU', commission: 'Payout' });
    const rows = await preview(file);
    expect(await conversionCount()).toBe(before);
    expect(tally(rows)).toEqual({ matched: 2, unmatched: 1, duplicate: 2, changed: 1, error: 2 });
    const byRow = new Map(rows.map((row) => [row.rowNumber, row]));
    expect(byRow.get(2)).toMatchObject({ outcome: 'matched', productId: gunId, productName: 'Massage Gun', matchedBy: 'click', transactionId: 'IMP-1' });
    expect(byRow.get(3)).toMatchObject({ outcome: 'matched', productId: bandId, matchedBy: 'sku' });
    expect(byRow.get(4)).toMatchObject({ outcome: 'unmatched' });
    expect(byRow.get(5)).toMatchObject({ outcome: 'error', reason: 'Row 5: Payout is not an amount like 19.99 or 1,234.50' });
    expect(byRow.get(6)).toMatchObject({ outcome: 'duplicate', reason: 'Row 6: repeats the transaction of row 2' });
    expect(byRow.get(7)).toMatchObject({ outcome: 'duplicate', productId: gunId });
    expect(byRow.get(8)).toMatchObject({ outcome: 'changed', reason: 'Stored as pending, commission 6.00: will be approved, commission 6.00' });
    expect(byRow.get(9)).toMatchObject({ outcome: 'error', reason: 'Row 9: Action Id looks like a spreadsheet formula and is not accepted' });

    const sent = importable(file, rows);
    expect(sent.map((row) => row.rowNumber)).toEqual([2, 3, 4, 8]);
    const first = await importRows(file, sent);
    expect(first.counts).toEqual({ created: 3, updated: 1, unchanged: 0, unattributed: 1, failed: 0 });
    expect(first.rows.map((row) => [row.rowNumber, row.outcome, row.productId])).toEqual([
      [2, 'created', gunId],
      [3, 'created', bandId],
      [4, 'created', null],
      [8, 'updated', gunId],
    ]);
    expect(await conversionCount()).toBe(before + 3);
    expect(await figures(gunId)).toEqual({ count: 3, revenue: 800 + 500 + 600 });
    expect(await figures(bandId)).toEqual({ count: 1, revenue: 240 });
    expect((await stored('impact', 'IMP-1'))[0]).toMatchObject({ source: 'report', pagePath: '/blog/recovery', clickId: 'clk_report_gun_0001', occurredAt: new Date('2026-03-01T00:00:00Z') });
    expect((await stored('impact', 'IMP-3'))[0]).toMatchObject({ productId: null, commissionCents: 400 });
    const audits = await db((d) => d.select().from(auditLog).where(eq(auditLog.action, 'revenue.report.import')).all());
    expect(audits).toHaveLength(1);

    // The same file again: the preview finds every row stored, and the import changes nothing.
    const again = await preview(file);
    expect(tally(again)).toEqual({ matched: 0, unmatched: 0, duplicate: 6, changed: 0, error: 2 });
    const second = await importRows(file, file.rows.filter((row) => ![5, 9].includes(row.rowNumber)));
    expect(second.counts).toEqual({ created: 0, updated: 0, unchanged: 6, unattributed: 0, failed: 0 });
    expect(await conversionCount()).toBe(before + 3);
    expect(await figures(gunId)).toEqual({ count: 3, revenue: 1900 });
    expect(await db((d) => d.select().from(auditLog).where(eq(auditLog.action, 'revenue.report.import')).all())).toHaveLength(1);
  });

  it('counts a postback and a report row of one transaction once, whichever comes first', async () => {
    const file = parseFile('impact', 'Action Id,SubId1,Payout,Status\nIMP-PB-1,clk_report_gun_0001,3.00,Pending');
    const before = await figures(gunId);
    expect((await importRows(file, file.rows)).counts.created).toBe(1);
    const postback = await recordConversion(api.temp.database, { network: 'impact', transactionId: 'IMP-PB-1', clickId: 'clk_report_gun_0001', status: 'pending', saleCents: null, commissionCents: 300, currency: 'USD', source: 'postback' });
    expect(postback.outcome).toBe('unchanged');
    expect(await figures(gunId)).toEqual({ count: before!.count + 1, revenue: before!.revenue + 300 });
    expect(await stored('impact', 'IMP-PB-1')).toHaveLength(1);
    // Another network's transaction of the same id is another conversion.
    const awin = parseFile('awin', 'transactionId,commission\nIMP-PB-1,1.00');
    expect((await importRows(awin, awin.rows)).counts).toMatchObject({ created: 1, unattributed: 1 });
  });
});

describe('a report row in another currency than the site\'s', () => {
  it('previews as an error naming the row and the currency, and the import refuses it without writing', async () => {
    const usd = parseFile('impact', 'Action Id,SubId1,Payout,Currency,Status\nIMP-CUR-1,clk_report_gun_0001,4.00,USD,Pending');
    expect((await importRows(usd, usd.rows)).counts.created).toBe(1);
    const before = await figures(gunId);
    const rows = await conversionCount();
    // 50,000 yen of commission, which was summed as $50,000; a made-up code was accepted as a currency.
    const foreign = parseFile(
      'impact',
      'Action Id,SubId1,Payout,Currency,Status\nIMP-CUR-1,clk_report_gun_0001,400.00,EUR,Approved\nIMP-YEN-1,clk_report_gun_0001,50000,JPY,Approved\nIMP-ZZZ-1,clk_report_gun_0001,1.00,ZZZ,Approved',
    );
    expect((await preview(foreign)).map((row) => [row.outcome, row.reason])).toEqual([
      ['error', 'Row 2: Currency EUR is not accepted: amounts are recorded in USD only, so send them in USD'],
      ['error', 'Row 3: Currency JPY is not accepted: amounts are recorded in USD only, so send them in USD'],
      ['error', 'Row 4: Currency ZZZ is not an ISO 4217 currency code'],
    ]);
    expect((await importRows(foreign, foreign.rows)).counts.failed).toBe(3);
    expect(await figures(gunId)).toEqual(before);
    expect(await conversionCount()).toBe(rows);
  });
});

describe("Amazon Associates' earnings report", () => {
  const header = 'Category,Name,ASIN,Seller,Tracking ID,Date Shipped,Price($),Items Shipped,Returns,Revenue($),Ad Fees($),Device Type Group';
  const line = (asin: string, day: string, price: string, fees: string, shipped = '1', returns = '0') =>
    `Sports,"Roller, foam",${asin},Amazon.com,repwell-20,${day},${price},${shipped},${returns},${shipped === '0' ? `-${price}` : price},${fees},DESKTOP`;
  const csv = (lines: string[]) => ['Fee-Earnings reports from 03-01-2026 to 03-31-2026', header, ...lines].join('\n');

  it('matches rows by ASIN, keeps two identical sales, imports once, and a return reverses a sale', async () => {
    const file = parseFile(
      'amazon',
      csv([
        line('B0CSVTEST1', '2026-03-05', '25.00', '1.00'),
        line('B0CSVTEST1', '2026-03-05', '25.00', '1.00'),
        line('B0NOTINCAT', '2026-03-06', '40.00', '1.60'),
        line('B0CSVTEST1', 'someday', '25.00', '1.00'),
      ]),
    );
    expect(file.rows[0]!.rowNumber).toBe(3);
    const rows = await preview(file);
    expect(rows.map((row) => [row.rowNumber, row.outcome, row.matchedBy ?? null, row.transactionId ?? null])).toEqual([
      [3, 'matched', 'asin', 'repwell-20:B0CSVTEST1:2026-03-05:1'],
      [4, 'matched', 'asin', 'repwell-20:B0CSVTEST1:2026-03-05:2'],
      [5, 'unmatched', null, 'repwell-20:B0NOTINCAT:2026-03-06:1'],
      [6, 'error', null, null],
    ]);
    expect(rows[3]!.reason).toMatch(/^Row 6: Date Shipped is not a date/);
    const first = await importRows(file, importable(file, rows));
    expect(first.counts).toEqual({ created: 3, updated: 0, unchanged: 0, unattributed: 1, failed: 0 });
    expect(await figures(rollerId)).toEqual({ count: 2, revenue: 200 });
    expect((await stored('amazon', 'repwell-20:B0CSVTEST1:2026-03-05:1'))[0]).toMatchObject({ status: 'approved', saleCents: 2500, productId: rollerId, source: 'report' });

    // The same report again, its rows in another order: nothing changes.
    const reordered = parseFile('amazon', csv([line('B0NOTINCAT', '2026-03-06', '40.00', '1.60'), line('B0CSVTEST1', '2026-03-05', '25.00', '1.00'), line('B0CSVTEST1', '2026-03-05', '25.00', '1.00')]));
    expect(tally(await preview(reordered))).toMatchObject({ duplicate: 3, matched: 0, unmatched: 0, changed: 0 });
    expect((await importRows(reordered, reordered.rows)).counts).toEqual({ created: 0, updated: 0, unchanged: 3, unattributed: 0, failed: 0 });
    expect(await figures(rollerId)).toEqual({ count: 2, revenue: 200 });

    // The next month's report returns one roller: one sale is reversed, once, however often the file is imported.
    const returns = parseFile('amazon', csv([line('B0CSVTEST1', '2026-04-02', '25.00', '-1.00', '0', '1')]));
    const returnPreview = await preview(returns);
    expect(returnPreview[0]).toMatchObject({ outcome: 'changed', productId: rollerId, transactionId: 'repwell-20:B0CSVTEST1:2026-04-02:return:1' });
    expect(returnPreview[0]!.reason).toMatch(/^Reverses the sale repwell-20:B0CSVTEST1:2026-03-05:/);
    expect((await importRows(returns, returns.rows)).counts).toMatchObject({ created: 1, failed: 0 });
    expect(await figures(rollerId)).toEqual({ count: 1, revenue: 100 });
    expect(tally(await preview(returns))).toMatchObject({ duplicate: 1 });
    expect((await importRows(returns, returns.rows)).counts).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    expect(await figures(rollerId)).toEqual({ count: 1, revenue: 100 });
    const reversedSales = (await db((d) => d.select().from(conversions).where(eq(conversions.network, 'amazon')).all())).filter((row) => row.status === 'reversed');
    // Of two sales of one day, the later stored is reversed.
    expect(reversedSales.map((row) => row.transactionId).sort()).toEqual(['repwell-20:B0CSVTEST1:2026-03-05:2', 'repwell-20:B0CSVTEST1:2026-04-02:return:1']);
  });
});

describe('the saved mapping', () => {
  it('is saved per network, offered back, and audited', async () => {
    const empty = await admin.fetch('/api/admin/revenue/report/mapping?network=cj');
    expect(await empty.json()).toEqual({ network: 'cj', mapping: null, updatedAt: null });
    const mapping = { transactionId: 'Order ID', commission: 'Commission Amount', clickId: 'SID' };
    const saved = await admin.fetch('/api/admin/revenue/report/mapping', { method: 'PUT', json: { network: 'cj', mapping } });
    expect(saved.status).toBe(200);
    const read = await (await admin.fetch('/api/admin/revenue/report/mapping?network=cj')).json();
    expect(read).toMatchObject({ network: 'cj', mapping });
    const replaced = await admin.fetch('/api/admin/revenue/report/mapping', { method: 'PUT', json: { network: 'cj', mapping: { transactionId: 'oid', commission: 'c' } } });
    expect((await replaced.json()).mapping).toEqual({ transactionId: 'oid', commission: 'c' });
    expect((await db((d) => d.select().from(auditLog).where(eq(auditLog.action, 'revenue.report.mapping')).all())).length).toBe(2);
  });
});

describe('malformed requests are answered 4xx, never 500', () => {
  const base = { network: 'impact', headers: ['Action Id', 'Payout'], mapping: { transactionId: 'Action Id', commission: 'Payout' }, rows: [{ rowNumber: 2, values: { 'Action Id': 'X-1', Payout: '1.00' } }] };
  const bodies: [string, unknown][] = [
    ['no rows', { ...base, rows: [] }],
    ['an unknown network', { ...base, network: 'ebay' }],
    ['no mapping for a non-Amazon network', { ...base, mapping: undefined }],
    ['a mapping with an unknown field', { ...base, mapping: { ...base.mapping, __proto__: 'x', extra: 'y' } }],
    ['a mapping naming a column the file lacks', { ...base, mapping: { transactionId: 'Action Id', commission: 'Nope' } }],
    ['a mapping without the commission', { ...base, mapping: { transactionId: 'Action Id' } }],
    ['a row number below 2', { ...base, rows: [{ rowNumber: 1, values: {} }] }],
    ['a cell that is not text', { ...base, rows: [{ rowNumber: 2, values: { 'Action Id': { nested: true } } }] }],
    ['a cell too long', { ...base, rows: [{ rowNumber: 2, values: { 'Action Id': 'x'.repeat(3000) } }] }],
    ['repeated row numbers', { ...base, rows: [base.rows[0], base.rows[0]] }],
    ['too many rows', { ...base, rows: Array.from({ length: REPORT_PREVIEW_ROWS + 1 }, (_, index) => ({ rowNumber: index + 2, values: {} })) }],
    ['a negative occurrence', { ...base, network: 'amazon', rows: [{ rowNumber: 2, values: {}, occurrence: -1 }] }],
    ['an array', [base]],
    ['null', null],
  ];
  it.each(bodies)('%s', async (_, body) => {
    const before = await conversionCount();
    for (const path of ['/api/admin/revenue/report/preview', '/api/admin/revenue/report/import']) {
      const response = await post(path, body);
      expect(response.status, `${path}: ${await response.clone().text()}`).toBe(422);
      expect((await response.json()).error.description).toEqual(expect.any(String));
    }
    expect(await conversionCount()).toBe(before);
  });

  it('refuses a body past 2 MB with 413 and an unknown network in the query with 422', async () => {
    const huge = { ...base, rows: Array.from({ length: 200 }, (_, index) => ({ rowNumber: index + 2, values: { a: 'x'.repeat(1990), b: 'y'.repeat(1990), c: 'z'.repeat(1990), d: 'w'.repeat(1990), e: 'v'.repeat(1990), f: 'u'.repeat(1990) } })) };
    expect((await post('/api/admin/revenue/report/import', huge)).status).toBe(413);
    expect((await admin.fetch('/api/admin/revenue/report/mapping?network=nope')).status).toBe(422);
    expect((await admin.fetch('/api/admin/revenue/report/mapping')).status).toBe(422);
  });

  it('answers rows that break the rules as row errors, not request errors', async () => {
    const rows = await preview({ network: 'amazon', headers: ['ASIN'], rows: [{ rowNumber: 2, values: { ASIN: 'B0CSVTEST1' }, occurrence: 1 }] });
    expect(rows).toEqual([{ rowNumber: 2, outcome: 'error', reason: 'Row 2: Tracking ID is missing' }]);
    const imported = await importRows({ network: 'generic', headers: ['a', 'b'], mapping: { transactionId: 'a', commission: 'b' }, rows: [] }, [{ rowNumber: 2, values: { a: 'T-1', b: 'ten' } }]);
    expect(imported.counts).toEqual({ created: 0, updated: 0, unchanged: 0, unattributed: 0, failed: 1 });
  });
});
