/**
 * The admin client for /api/admin/revenue-networks* (issue 14, point 3), parsed with the shared contract
 * (src/domain/admin/revenue-networks.ts).
 */
import {
  revenueNetworkListSchema,
  revenueNetworkSchema,
  revenueNetworkSecretSchema,
  revenueNetworkTokenSchema,
} from '../../../domain/admin/revenue-networks.ts';
import type { PostbackNetwork } from '../../../domain/revenue/postback.ts';
import { adminRequest } from '../api.ts';

export const networkKeys = {
  list: ['admin', 'revenue-networks'] as const,
};

const base = '/api/admin/revenue-networks';

export const networksApi = {
  list: () => adminRequest(base, revenueNetworkListSchema),
  issueToken: (network: PostbackNetwork) => adminRequest(`${base}/${network}/token`, revenueNetworkTokenSchema, { method: 'POST', json: {} }),
  issueSecret: (network: PostbackNetwork) => adminRequest(`${base}/${network}/secret`, revenueNetworkSecretSchema, { method: 'POST', json: {} }),
  clearSecret: (network: PostbackNetwork) => adminRequest(`${base}/${network}/secret`, revenueNetworkSchema, { method: 'DELETE' }),
  remove: (network: PostbackNetwork) => adminRequest(`${base}/${network}`, revenueNetworkSchema, { method: 'DELETE' }),
};
