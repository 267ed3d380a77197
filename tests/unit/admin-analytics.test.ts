import { describe, expect, it } from 'vitest';
import { centsText, percentText, tableCsv } from '../../src/domain/admin/analytics-csv.ts';
import { parseAnalyticsRange, parseExportQuery, parseTableQuery, rangeTimes } from '../../src/domain/admin/analytics.ts';
import { addDays, daysOf, periodChanges, periodFigures, utcDay } from '../../src/domain/revenue/figures.ts';

const TODAY = '2026-03-31';

describe('the range rules', () => {
  it('a preset ends today and the previous period has the same length', () => {
    expect(parseAnalyticsRange({ range: '7' }, TODAY)).toEqual({
      ok: true,
      value: { preset: 7, from: '2026-03-25', to: '2026-03-31', days: 7, previous: { from: '2026-03-18', to: '2026-03-24' } },
    });
    expect(parseAnalyticsRange({}, TODAY)).toMatchObject({ ok: true, value: { preset: 30, from: '2026-03-02', days: 30 } });
    expect(parseAnalyticsRange({ range: '90' }, TODAY)).toMatchObject({ ok: true, value: { from: '2026-01-01', days: 90 } });
  });

  it('a custom range is inclusive, of UTC days, from ≤ to, at most 366 days, not before 2000', () => {
    expect(parseAnalyticsRange({ from: '2026-03-10', to: '2026-03-10' }, TODAY)).toMatchObject({ ok: true, value: { preset: null, days: 1, previous: { from: '2026-03-09', to: '2026-03-09' } } });
    expect(parseAnalyticsRange({ range: 'custom', from: '2024-01-01', to: '2024-12-31' }, TODAY)).toMatchObject({ ok: true, value: { days: 366 } });
    expect(parseAnalyticsRange({ from: '2024-01-01', to: '2025-01-01' }, TODAY)).toMatchObject({ ok: false, field: 'to' });
    expect(parseAnalyticsRange({ from: '2026-03-11', to: '2026-03-10' }, TODAY)).toMatchObject({ ok: false, field: 'from' });
    expect(parseAnalyticsRange({ from: '1999-12-31', to: '2000-01-01' }, TODAY)).toMatchObject({ ok: false, field: 'from' });
    expect(parseAnalyticsRange({ from: '2000-01-01', to: '2000-01-01' }, TODAY)).toMatchObject({ ok: true });
    expect(parseAnalyticsRange({ from: '2026-02-29', to: '2026-03-01' }, TODAY)).toMatchObject({ ok: false, field: 'from' });
    expect(parseAnalyticsRange({ from: '2026-03-01' }, TODAY)).toMatchObject({ ok: false, field: 'to' });
    expect(parseAnalyticsRange({ range: '14' }, TODAY)).toMatchObject({ ok: false, field: 'range' });
    expect(parseAnalyticsRange({ range: '7', from: '2026-03-01', to: '2026-03-02' }, TODAY)).toMatchObject({ ok: false, field: 'range' });
  });

  it('a range is [first midnight UTC, the midnight after the last day)', () => {
    expect(rangeTimes({ from: '2026-03-10', to: '2026-03-11' })).toEqual({ start: Date.parse('2026-03-10T00:00:00Z'), end: Date.parse('2026-03-12T00:00:00Z') });
  });

  it('table queries: sorts the table has, default commission highest first, text A to Z', () => {
    const parse = (table: 'products' | 'pages', query: string) => parseTableQuery(table, new URLSearchParams(`range=30&${query}`), TODAY);
    expect(parse('products', '')).toMatchObject({ ok: true, value: { sort: 'commissionCents', dir: 'desc', page: 1, pageSize: 10 } });
    expect(parse('products', 'sort=label')).toMatchObject({ ok: true, value: { sort: 'label', dir: 'asc' } });
    expect(parse('pages', 'sort=views')).toMatchObject({ ok: false });
    expect(parse('products', 'pageSize=11')).toEqual({ ok: false, message: 'pageSize must be 10, 25 or 50.' });
    expect(parse('products', 'page=0')).toEqual({ ok: false, message: 'page must be a whole number from 1.' });
  });

  it('exports: what each table needs', () => {
    const parse = (query: string) => parseExportQuery(new URLSearchParams(query), TODAY);
    expect(parse('table=unattributed')).toEqual({ ok: true, value: { table: 'unattributed' } });
    expect(parse('table=conversions&product=4')).toEqual({ ok: true, value: { table: 'conversions', productId: 4 } });
    expect(parse('table=conversions')).toMatchObject({ ok: false });
    expect(parse('table=daily&range=7')).toMatchObject({ ok: true, value: { table: 'daily', range: { days: 7 } } });
  });
});

describe('days', () => {
  it('adds days across months and leap days, lists every day of a range', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysOf('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysOf('2026-03-02', '2026-03-01')).toEqual([]);
    expect(utcDay(Date.parse('2026-03-09T23:59:59.999Z'))).toBe('2026-03-09');
  });
});

describe('figures carry other totals through', () => {
  it('a sale amount passes through periodFigures and gets its change', () => {
    const current = periodFigures({ views: 10, clicks: 4, conversions: 4, commissionCents: 1100, saleCents: 22_000 });
    const previous = periodFigures({ views: 5, clicks: 2, conversions: 1, commissionCents: 400, saleCents: 8_000 });
    expect(current.saleCents).toBe(22_000);
    expect(periodChanges(current, previous)).toMatchObject({ saleCents: 1.75, commissionCents: 1.75, earningsPerClickCents: 0.375, clickThroughRate: 0 });
  });
});

describe('CSV cells', () => {
  it('money from integer cents, rates as percents, formula-looking text guarded', () => {
    expect(centsText(123_456)).toBe('1234.56');
    expect(centsText(5)).toBe('0.05');
    expect(centsText(-5)).toBe('-0.05');
    expect(percentText(1 / 3)).toBe('33.33');
    expect(percentText(null)).toBe('');
    const row = { id: 1, label: '@SUM(A1)', views: 1, clicks: 0, clickThroughRate: 0, conversions: 0, conversionRate: null, commissionCents: 0, saleCents: 0, earningsPerClickCents: null };
    expect(tableCsv('products', [row]).split('\r\n')[1]).toBe("1,'@SUM(A1),1,0,0.00,0,,0.00,0.00,");
  });
});
