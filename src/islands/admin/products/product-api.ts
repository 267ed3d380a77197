/** The admin client for product writes: create, batch create, read one for editing, update (issue 10, point 4). */
import { batchAnswerSchema } from '../../../domain/admin/product-batch.ts';
import type { ProductInput, ProductUpdate } from '../../../domain/admin/product-form.ts';
import { adminProductAnswerSchema } from '../../../domain/admin/product-row.ts';
import { adminRequest } from '../api.ts';

export const productKeys = {
  /** Every cached product query; the products list (another module) keeps its pages under this prefix too. */
  all: ['admin', 'products'] as const,
  one: (id: number) => ['admin', 'products', 'one', id] as const,
};

export const productApi = {
  create: (input: ProductInput) => adminRequest('/api/admin/products', adminProductAnswerSchema, { method: 'POST', json: input }),
  /** Entries as the compact form holds them; the server checks each one and answers per entry. */
  createBatch: (entries: readonly unknown[]) => adminRequest('/api/admin/products/batch', batchAnswerSchema, { method: 'POST', json: { products: entries } }),
  get: (id: number) => adminRequest(`/api/admin/products/${id}`, adminProductAnswerSchema),
  update: (id: number, input: ProductUpdate) => adminRequest(`/api/admin/products/${id}`, adminProductAnswerSchema, { method: 'PUT', json: input }),
};
