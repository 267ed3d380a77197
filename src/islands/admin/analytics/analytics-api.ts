/** The admin client for /api/admin/analytics* (issue 14, point 5) and the dashboard's CSV downloads. */
import {
  analyticsSummarySchema,
  analyticsTableSchema,
  assignedConversionSchema,
  productDrillDownSchema,
  unattributedPageSchema,
  type AnalyticsTable,
  type SortDirection,
  type TableSortField,
} from '../../../domain/admin/analytics.ts';
import { ApiError } from '../../../lib/api.ts';
import { adminRequest } from '../api.ts';
import { saveBlob } from '../imports/download.ts';

export const analyticsKeys = {
  all: ['admin', 'analytics'] as const,
  summary: (range: string) => ['admin', 'analytics', 'summary', range] as const,
  table: (table: AnalyticsTable, query: string) => ['admin', 'analytics', 'table', table, query] as const,
  product: (id: number, range: string) => ['admin', 'analytics', 'product', id, range] as const,
  unattributed: (page: number) => ['admin', 'analytics', 'unattributed', page] as const,
};

export interface TableState {
  sort: TableSortField;
  dir: SortDirection;
  page: number;
}

export function tableParams(range: string, state: Omit<TableState, 'page'> & { page?: number }): string {
  const params = new URLSearchParams(range);
  params.set('sort', state.sort);
  params.set('dir', state.dir);
  if (state.page !== undefined && state.page > 1) params.set('page', String(state.page));
  return params.toString();
}

export const analyticsApi = {
  summary: (range: string) => adminRequest(`/api/admin/analytics?${range}`, analyticsSummarySchema),
  table: (table: AnalyticsTable, query: string) => adminRequest(`/api/admin/analytics/tables/${table}?${query}`, analyticsTableSchema),
  product: (id: number, range: string) => adminRequest(`/api/admin/analytics/products/${id}?${range}`, productDrillDownSchema),
  unattributed: (page: number) => adminRequest(`/api/admin/analytics/unattributed?page=${page}`, unattributedPageSchema),
  assign: (conversionId: number, productId: number) =>
    adminRequest(`/api/admin/analytics/conversions/${conversionId}/assign`, assignedConversionSchema, { method: 'POST', json: { productId } }),
};

/** Downloads a server-made CSV (fetched rather than linked, so a refusal shows as a toast, not an error page). */
export async function downloadCsv(query: string, failedTitle: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/api/admin/analytics/export?${query}`, { credentials: 'same-origin', headers: { accept: 'text/csv' } });
  } catch {
    throw new ApiError(0, failedTitle, 'Please check your connection and try again.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { title?: string; description?: string } } | null;
    throw new ApiError(response.status, body?.error?.title ?? failedTitle, body?.error?.description ?? `The export failed (${response.status}).`);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'repwell-analytics.csv';
  saveBlob(await response.blob(), name);
}
