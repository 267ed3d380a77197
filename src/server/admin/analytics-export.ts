/** The CSV text of a dashboard table (issue 14, point 5): the same reads as the screen, every row, then analytics-csv.ts. */
import type { Database } from '../../../db/client.ts';
import type { ExportQuery } from '../../domain/admin/analytics.ts';
import { conversionsCsv, dailyCsv, tableCsv } from '../../domain/admin/analytics-csv.ts';
import { allUnattributedConversions, analyticsSummary, analyticsTableAll, productDrillDown } from './analytics.ts';

export async function exportAnalyticsCsv(database: Database, query: ExportQuery): Promise<string> {
  switch (query.table) {
    case 'daily':
      return dailyCsv((await analyticsSummary(database, query.range)).series);
    case 'unattributed':
      return conversionsCsv(await allUnattributedConversions(database));
    case 'conversions': {
      const drillDown = await productConversions(database, query.productId);
      return conversionsCsv(drillDown);
    }
    default:
      return tableCsv(query.table, await analyticsTableAll(database, query.table, query));
  }
}

async function productConversions(database: Database, productId: number) {
  // The drill-down's range does not change its recent conversions; any range will do.
  const today = new Date().toISOString().slice(0, 10);
  const drillDown = await productDrillDown(database, productId, { preset: 7, from: today, to: today, days: 1, previous: { from: today, to: today } });
  return drillDown?.recentConversions ?? [];
}
