/** The admin client for /api/admin/pins* and /api/admin/pinterest/* (the contract: src/domain/admin/pinterest/api.ts). */
import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  boardsAnswerSchema,
  pinBulkResultSchema,
  pinDefaultsSchema,
  pinExportSchema,
  pinListSchema,
  pinSchema,
  pinterestStateSchema,
  publishReportSchema,
  type PinBulkRequest,
  type PinCreateRequest,
  type PinListQuery,
  type PinSourceRef,
  type PinUpdateRequest,
} from '../../../domain/admin/pinterest/api.ts';
import { DEFAULT_PIN_PAGE_SIZE } from '../../../domain/admin/pinterest/api.ts';
import { adminRequest } from '../api.ts';

const pinAnswerSchema = z.object({ pin: pinSchema, publish: publishReportSchema.optional() });

/** The list query's search parameters, defaults left out, in a fixed order (stable URLs and cache keys). */
export function pinListSearchParams(query: PinListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.board) params.set('board', query.board);
  if (query.source) params.set('source', query.source);
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_PIN_PAGE_SIZE) params.set('pageSize', String(query.pageSize));
  return params;
}

export const pinterestKeys = {
  all: ['admin', 'pinterest'] as const,
  pins: ['admin', 'pinterest', 'pins'] as const,
  list: (query: PinListQuery) => ['admin', 'pinterest', 'pins', pinListSearchParams(query).toString()] as const,
  state: ['admin', 'pinterest', 'state'] as const,
  boards: ['admin', 'pinterest', 'boards'] as const,
  defaults: (source: PinSourceRef) => ['admin', 'pinterest', 'defaults', source.type, source.id] as const,
};

export const pinterestApi = {
  list: (query: PinListQuery) => {
    const search = pinListSearchParams(query).toString();
    return adminRequest(`/api/admin/pins${search ? `?${search}` : ''}`, pinListSchema);
  },
  defaults: (source: PinSourceRef) => adminRequest(`/api/admin/pins/defaults?${source.type}=${source.id}`, pinDefaultsSchema),
  get: (id: number) => adminRequest(`/api/admin/pins/${id}`, pinAnswerSchema),
  create: (body: PinCreateRequest) => adminRequest('/api/admin/pins', pinAnswerSchema, { method: 'POST', json: body }),
  update: (id: number, body: PinUpdateRequest) => adminRequest(`/api/admin/pins/${id}`, pinAnswerSchema, { method: 'PUT', json: body }),
  remove: (id: number) => adminRequest(`/api/admin/pins/${id}`, z.object({ deleted: z.literal(true) }), { method: 'DELETE' }),
  bulk: (body: PinBulkRequest) => adminRequest('/api/admin/pins/bulk', pinBulkResultSchema, { method: 'POST', json: body }),
  publishNow: (ids: number[]) => adminRequest('/api/admin/pins/publish', publishReportSchema, { method: 'POST', json: { ids } }),
  exportCsv: (ids: number[]) => adminRequest('/api/admin/pins/export', pinExportSchema, { method: 'POST', json: { ids } }),
  boards: () => adminRequest('/api/admin/pinterest/boards', boardsAnswerSchema),
  state: () => adminRequest('/api/admin/pinterest/settings', pinterestStateSchema),
};

/** After a write: the list, the status counts and the publisher's state (due pins, last run) may have changed. */
export function refreshPins(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: pinterestKeys.pins });
  void queryClient.invalidateQueries({ queryKey: pinterestKeys.state });
}
