/**
 * The dashboard's tables as CSV files (issue 14, point 5), made on the server so an export holds the whole table in the
 * screen's order, not only the page shown. Every cell goes through the product export's formula guard
 * (./csv/formula-guard.ts): a product name or page path that begins with = + - @ cannot run in a spreadsheet.
 * Money is written in dollars with two decimals from integer cents (no floating point), rates as percentages.
 */
import Papa from 'papaparse';
import { guardCell } from './csv/formula-guard.ts';
import type { ConversionListRow, SeriesPoint, TableRow } from './analytics.ts';

/** 123456 → '1234.56', -5 → '-0.05'. */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const magnitude = Math.abs(cents);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}

/** 0.0525 → '5.25'; no figure → ''. */
export function percentText(rate: number | null): string {
  return rate === null ? '' : (Math.round(rate * 10_000) / 100).toFixed(2);
}

function csv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = rows.map((row) => row.map((cell) => guardCell(String(cell))));
  // The byte order mark makes Excel read UTF-8 (as the product export does).
  return `\uFEFF${Papa.unparse({ fields: [...header], data: cells }, { newline: '\r\n', escapeFormulae: false })}\r\n`;
}

export const DAILY_HEADER = ['Day (UTC)', 'Views', 'Clicks', 'Commission (USD)'] as const;

export function dailyCsv(series: readonly SeriesPoint[]): string {
  return csv(
    DAILY_HEADER,
    series.map((point) => [point.day, point.views, point.clicks, centsText(point.commissionCents)]),
  );
}

const FIGURE_HEADER = ['Views', 'Clicks', 'CTR (%)', 'Conversions', 'Conversion rate (%)', 'Commission (USD)', 'Sales (USD)', 'EPC (USD)'] as const;

export function tableHeader(table: 'products' | 'categories' | 'pages'): string[] {
  const first = table === 'products' ? ['Product id', 'Product'] : table === 'categories' ? ['Category id', 'Category'] : ['Page'];
  const figures = table === 'pages' ? FIGURE_HEADER.filter((name) => name !== 'Views' && name !== 'CTR (%)') : [...FIGURE_HEADER];
  return [...first, ...figures];
}

export function tableCsv(table: 'products' | 'categories' | 'pages', rows: readonly TableRow[]): string {
  return csv(
    tableHeader(table),
    rows.map((row) => {
      const first = table === 'pages' ? [row.label] : [row.id === null ? '' : row.id, row.label];
      const views = table === 'pages' ? [] : [row.views ?? 0];
      const ctr = table === 'pages' ? [] : [percentText(row.clickThroughRate)];
      return [
        ...first,
        ...views,
        row.clicks,
        ...ctr,
        row.conversions,
        percentText(row.conversionRate),
        centsText(row.commissionCents),
        centsText(row.saleCents),
        row.earningsPerClickCents === null ? '' : centsText(row.earningsPerClickCents),
      ];
    }),
  );
}

export const CONVERSIONS_HEADER = ['Conversion id', 'Occurred (UTC)', 'Network', 'Transaction id', 'Status', 'Source', 'Product id', 'Page', 'Sale', 'Commission', 'Currency'] as const;

export function conversionsCsv(rows: readonly ConversionListRow[]): string {
  return csv(
    CONVERSIONS_HEADER,
    rows.map((row) => [
      row.id,
      row.occurredAt,
      row.network,
      row.transactionId,
      row.status,
      row.source,
      row.productId ?? '',
      row.pagePath ?? '',
      centsText(row.saleCents),
      centsText(row.commissionCents),
      row.currency,
    ]),
  );
}
