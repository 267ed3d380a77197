/**
 * The admin app's typed client for /api/admin/*. Every answer is parsed with the schema the function answers with
 * (src/domain/admin/), so a drifted server fails loudly here instead of rendering nonsense. Failures are thrown as
 * ApiError with the spec's title and description from `{ error: { title, description } }`; toastApiError shows one.
 */
import type { z } from 'zod';
import { adminOverviewSchema, buildStatusSchema, messagesPageSchema } from '../../domain/admin/overview.ts';
import { heroSettingSchema, type HeroSettingInput } from '../../domain/admin/hero.ts';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: unknown;
  /** Raw bytes (an uploaded file), sent as application/octet-stream instead of `json`. */
  bytes?: Blob;
  headers?: Record<string, string>;
  /** The title and description when the answer carries none (a platform error page): by default 'Error'. */
  fallbackError?: (status: number) => { title: string; description: string };
}

function errorFrom(status: number, body: unknown, fallback?: RequestOptions['fallbackError']): ApiError {
  const error = (body as { error?: { title?: unknown; description?: unknown } } | null)?.error;
  const otherwise = fallback?.(status) ?? { title: 'Error', description: `The request failed (${status}).` };
  const title = typeof error?.title === 'string' ? error.title : otherwise.title;
  const description = typeof error?.description === 'string' ? error.description : otherwise.description;
  return new ApiError(status, title, description, body);
}

export async function adminRequest<S extends z.ZodType>(path: string, schema: S, options: RequestOptions = {}): Promise<z.output<S>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.bytes !== undefined) headers['content-type'] = 'application/octet-stream';
  else if (options.json !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.bytes ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'Network error', 'Please check your connection and try again.');
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // An empty or non-JSON body (a platform error page, Netlify's own 413): the status decides below.
  }
  if (!response.ok) throw errorFrom(response.status, body, options.fallbackError);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(response.status, 'Error', 'The server sent an answer the admin panel does not understand.');
  return parsed.data;
}

/** Shows a failed admin call as the spec's toast; other errors get a generic one. */
export function toastApiError(error: unknown, fallbackTitle = 'Error'): void {
  if (error instanceof ApiError) toast({ title: error.title, description: error.description, variant: 'error' });
  else toast({ title: fallbackTitle, description: error instanceof Error ? error.message : String(error), variant: 'error' });
}

export const adminKeys = {
  overview: ['admin', 'overview'] as const,
  messages: ['admin', 'messages'] as const,
  hero: ['admin', 'settings', 'hero'] as const,
};

export const adminApi = {
  overview: () => adminRequest('/api/admin/overview', adminOverviewSchema),
  messages: (page: number) => adminRequest(`/api/admin/messages?page=${page}`, messagesPageSchema),
  rebuild: () => adminRequest('/api/admin/builds', buildStatusSchema, { method: 'POST', json: {} }),
  hero: () => adminRequest('/api/admin/settings/hero', heroSettingSchema),
  saveHero: (input: HeroSettingInput) => adminRequest('/api/admin/settings/hero', heroSettingSchema, { method: 'PUT', json: input }),
};
