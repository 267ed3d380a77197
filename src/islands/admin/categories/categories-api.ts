/** The admin client for /api/admin/categories; every admin screen that shows or picks categories uses it. */
import {
  adminCategoryListSchema,
  adminCategorySchema,
  categoryDeletedSchema,
  type CategoryCreate,
  type CategoryUpdate,
} from '../../../domain/admin/categories.ts';
import { adminRequest } from '../api.ts';

export const categoryKeys = {
  all: ['admin', 'categories'] as const,
};

export const categoriesApi = {
  list: () => adminRequest('/api/admin/categories', adminCategoryListSchema),
  create: (input: CategoryCreate) => adminRequest('/api/admin/categories', adminCategorySchema, { method: 'POST', json: input }),
  update: (id: number, input: CategoryUpdate) => adminRequest(`/api/admin/categories/${id}`, adminCategorySchema, { method: 'PUT', json: input }),
  remove: (id: number) => adminRequest(`/api/admin/categories/${id}`, categoryDeletedSchema, { method: 'DELETE' }),
  reorder: (ids: readonly number[]) => adminRequest('/api/admin/categories/order', adminCategoryListSchema, { method: 'PUT', json: { ids } }),
};
