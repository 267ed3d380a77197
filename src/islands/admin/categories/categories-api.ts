/** The admin client for /api/admin/categories; every admin screen that shows or picks categories uses it. */
import { adminCategoryListSchema } from '../../../domain/admin/categories.ts';
import { adminRequest } from '../api.ts';

export const categoryKeys = {
  all: ['admin', 'categories'] as const,
};

export const categoriesApi = {
  list: () => adminRequest('/api/admin/categories', adminCategoryListSchema),
};
