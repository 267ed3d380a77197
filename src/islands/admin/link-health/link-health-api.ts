/**
 * The admin client for /api/admin/link-health* (issue 13, point 3), parsed with the checker's own contract
 * (src/domain/admin/link-health/api.ts), and the query keys the screens share.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  linkHealthCheckAnswerSchema,
  linkHealthHistorySchema,
  linkHealthListSchema,
  linkHealthRowSchema,
  linkHealthSettingsSchema,
  MAX_CHECK_IDS,
  type LinkHealthAcknowledgeInput,
  type LinkHealthSettingsInput,
} from '../../../domain/admin/link-health/api.ts';
import { adminKeys, adminRequest } from '../api.ts';
import type { ProductListQuery } from '../../../domain/admin/product-list.ts';
import { productListApi, productListKeys } from '../products/product-list-api.ts';

export const linkHealthKeys = {
  all: ['admin', 'link-health'] as const,
  problems: ['admin', 'link-health', 'problems'] as const,
  history: (productId: number) => ['admin', 'link-health', 'history', productId] as const,
  settings: ['admin', 'link-health', 'settings'] as const,
};

/** While a run is going the screens ask every few seconds, so results show as they arrive. */
export const ACTIVE_RUN_POLL_MS = 2000;

export const linkHealthApi = {
  problems: () => adminRequest('/api/admin/link-health?view=problems&pageSize=25', linkHealthListSchema),
  history: (productId: number) => adminRequest(`/api/admin/link-health/${productId}`, linkHealthHistorySchema),
  check: (ids: number[]) => adminRequest('/api/admin/link-health/check', linkHealthCheckAnswerSchema, { method: 'POST', json: { ids } }),
  acknowledge: (productId: number, input: LinkHealthAcknowledgeInput) =>
    adminRequest(`/api/admin/link-health/${productId}/acknowledge`, linkHealthRowSchema, { method: 'POST', json: input }),
  settings: () => adminRequest('/api/admin/link-health/settings', linkHealthSettingsSchema),
  saveSettings: (input: LinkHealthSettingsInput) => adminRequest('/api/admin/link-health/settings', linkHealthSettingsSchema, { method: 'PUT', json: input }),
};

/**
 * Starts checks for any number of products: the endpoint takes at most MAX_CHECK_IDS a request, so a larger selection
 * ('all matching') goes in slices, one run each. Resolves with the number of runs started.
 */
export async function checkLinks(ids: number[]): Promise<number> {
  let runs = 0;
  for (let start = 0; start < ids.length; start += MAX_CHECK_IDS) {
    await linkHealthApi.check(ids.slice(start, start + MAX_CHECK_IDS));
    runs += 1;
  }
  return runs;
}

/** After a check, an acknowledgement or a settings change: the lists, the histories and the overview may differ. */
export function refreshLinkHealth(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: linkHealthKeys.all });
  void queryClient.invalidateQueries({ queryKey: productListKeys.all });
  void queryClient.invalidateQueries({ queryKey: adminKeys.overview });
}

/** Every product id matching the list's filters, read a page of 100 at a time (for 'Check links' on all matching). */
export async function matchingIds(query: ProductListQuery): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const list = await productListApi.list({ ...query, page, pageSize: 100 });
    ids.push(...list.rows.map((row) => row.id));
    if (list.rows.length === 0 || ids.length >= list.total) return ids;
  }
}
