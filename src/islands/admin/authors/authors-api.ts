/** The admin client for /api/admin/authors; the authors section and the post editor's byline use it. */
import { adminAuthorListSchema, adminAuthorSchema, authorDeletedSchema, type AuthorForm } from '../../../domain/editorial/author.ts';
import { ApiError } from '../../../lib/api.ts';
import { adminRequest } from '../api.ts';

export const authorKeys = {
  all: ['admin', 'authors'] as const,
};

export const authorsApi = {
  list: () => adminRequest('/api/admin/authors', adminAuthorListSchema),
  create: (input: AuthorForm) => adminRequest('/api/admin/authors', adminAuthorSchema, { method: 'POST', json: input }),
  update: (id: number, input: AuthorForm) => adminRequest(`/api/admin/authors/${id}`, adminAuthorSchema, { method: 'PATCH', json: input }),
  remove: (id: number) => adminRequest(`/api/admin/authors/${id}`, authorDeletedSchema, { method: 'DELETE' }),
};

/** The form field a refused write names (`error.field`), so its message shows beside that field. */
export function refusedField(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const field = (error.body as { error?: { field?: unknown } } | null)?.error?.field;
  return typeof field === 'string' ? field : undefined;
}
