/** The admin client for the products list, its bulk actions and delete (GET /api/admin/products, …/bulk, …/:id). */
import { z } from 'zod';
import { bulkResultSchema, type BulkRequestInput } from '../../../domain/admin/product-bulk.ts';
import { productListSchema, productListSearchParams, type ProductListQuery } from '../../../domain/admin/product-list.ts';
import { adminKeys, adminRequest } from '../api.ts';
import { useQuery } from '../query.ts';
import { categoryKeys } from '../categories/categories-api.ts';
import type { QueryClient } from '@tanstack/react-query';

export const productListKeys = {
  all: ['admin', 'products'] as const,
  list: (query: ProductListQuery) => ['admin', 'products', 'list', productListSearchParams(query).toString()] as const,
};

export const productListApi = {
  list: (query: ProductListQuery) => {
    const search = productListSearchParams(query).toString();
    return adminRequest(`/api/admin/products${search ? `?${search}` : ''}`, productListSchema);
  },
  bulk: (body: BulkRequestInput) => adminRequest('/api/admin/products/bulk', bulkResultSchema, { method: 'POST', json: body }),
  remove: (id: number) => adminRequest(`/api/admin/products/${id}`, z.object({ id: z.number(), name: z.string(), undoJobId: z.number().int() }), { method: 'DELETE' }),
};

/** After a write: every list page, the category counts and the overview's figures may have changed. */
export function refreshAfterProductWrite(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: productListKeys.all });
  void queryClient.invalidateQueries({ queryKey: categoryKeys.all });
  void queryClient.invalidateQueries({ queryKey: adminKeys.overview });
}

/**
 * One page of the list for the query. The previous page stays on screen while the next loads (no 'Loading…' flash
 * between pages); the table marks itself busy meanwhile.
 */
export function useProductList(query: ProductListQuery) {
  return useQuery({
    queryKey: productListKeys.list(query),
    queryFn: () => productListApi.list(query),
    placeholderData: (previous) => previous,
  });
}
