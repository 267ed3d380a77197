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
  type LinkHealthAcknowledgeInput,
  type LinkHealthSettingsInput,
} from '../../../domain/admin/link-health/api.ts';
import { adminKeys, adminRequest } from '../api.ts';
import { filterOf, type ProductListQuery } from '../../../domain/admin/product-list.ts';
import { productListKeys } from '../products/product-list-api.ts';

export const linkHealthKeys = {
  all: ['admin', 'link-health'] as const,
  problems: ['admin', 'link-health', 'problems'] as const,
  run: (runId: number) => ['admin', 'link-health', 'run', runId] as const,
  history: (productId: number) => ['admin', 'link-health', 'history', productId] as const,
  settings: ['admin', 'link-health', 'settings'] as const,
};

/** While a run is going the screens ask every few seconds, so results show as they arrive. */
export const ACTIVE_RUN_POLL_MS = 2000;

export const linkHealthApi = {
  problems: () => adminRequest('/api/admin/link-health?view=problems&pageSize=25', linkHealthListSchema),
  /** The problems, with the run `runId` as followedRun: how far the run this screen started has got. */
  followRun: (runId: number) => adminRequest(`/api/admin/link-health?view=problems&pageSize=25&run=${runId}`, linkHealthListSchema),
  history: (productId: number) => adminRequest(`/api/admin/link-health/${productId}`, linkHealthHistorySchema),
  /** The selected ids, or every product matching the list's filters (read by the server): one run either way. */
  check: (target: { ids: number[] } | { allMatching: ProductListQuery }) =>
    adminRequest('/api/admin/link-health/check', linkHealthCheckAnswerSchema, {
      method: 'POST',
      json: 'ids' in target ? { ids: target.ids } : { allMatching: filterOf(target.allMatching) },
    }),
  acknowledge: (productId: number, input: LinkHealthAcknowledgeInput) =>
    adminRequest(`/api/admin/link-health/${productId}/acknowledge`, linkHealthRowSchema, { method: 'POST', json: input }),
  settings: () => adminRequest('/api/admin/link-health/settings', linkHealthSettingsSchema),
  saveSettings: (input: LinkHealthSettingsInput) => adminRequest('/api/admin/link-health/settings', linkHealthSettingsSchema, { method: 'PUT', json: input }),
};

/** After a check, an acknowledgement or a settings change: the lists, the histories and the overview may differ. */
export function refreshLinkHealth(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: linkHealthKeys.all });
  void queryClient.invalidateQueries({ queryKey: productListKeys.all });
  void queryClient.invalidateQueries({ queryKey: adminKeys.overview });
}
