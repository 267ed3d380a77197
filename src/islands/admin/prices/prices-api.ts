/** The admin client for /api/admin/prices and a product's price history, parsed with the shared schemas (src/domain/admin/prices.ts). */
import { priceHistorySchema, priceOverviewSchema, type PriceConfirm, type PriceSettingsInput } from '../../../domain/admin/prices.ts';
import { adminRequest } from '../api.ts';

export const priceKeys = {
  all: ['admin', 'prices'] as const,
  overview: ['admin', 'prices', 'overview'] as const,
  history: (productId: number) => ['admin', 'prices', 'history', productId] as const,
};

export const priceApi = {
  overview: () => adminRequest('/api/admin/prices', priceOverviewSchema),
  saveSettings: (input: PriceSettingsInput) => adminRequest('/api/admin/prices', priceOverviewSchema, { method: 'PUT', json: input }),
  history: (productId: number) => adminRequest(`/api/admin/products/${productId}/prices`, priceHistorySchema),
  confirm: (productId: number, seen: PriceConfirm) => adminRequest(`/api/admin/products/${productId}/prices`, priceHistorySchema, { method: 'POST', json: seen }),
};
