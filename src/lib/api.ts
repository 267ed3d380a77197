/**
 * The typed client the islands use to reach /api/*. Errors arrive in the shape
 * of ARCHITECTURE section 6 and are thrown as ApiError, whose title and
 * description are the spec's texts, ready for a toast.
 */
import type { AppUser } from '../domain/user.ts';
import type { BookmarkItem, WishlistItem } from '../domain/saved-items.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly title: string;
  readonly description: string;
  /** The whole answer, for an endpoint that says more than title and description (a 409 naming the existing product). */
  readonly body: unknown;

  constructor(status: number, title: string, description: string, body: unknown = null) {
    super(description);
    this.name = 'ApiError';
    this.status = status;
    this.title = title;
    this.description = description;
    this.body = body;
  }
}

async function request<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('accept', 'application/json');
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers, body, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'Network error', 'Please check your connection and try again.');
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!response.ok) {
    const error = (data as { error?: { title?: string; description?: string } } | null)?.error;
    throw new ApiError(response.status, error?.title ?? 'Error', error?.description ?? `Request failed (${response.status}).`);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export const api = {
  session: () => request<{ user: AppUser | null }>('/api/auth/session'),
  signIn: (email: string, password: string) => request<{ user: AppUser }>('/api/auth/sign-in', { method: 'POST', json: { email, password } }),
  signUp: (input: { email: string; password: string; displayName?: string }) =>
    request<{ user: AppUser }>('/api/auth/sign-up', { method: 'POST', json: input }),
  signOut: () => request<null>('/api/auth/sign-out', { method: 'POST' }),
  wishlist: () => request<{ items: WishlistItem[] }>('/api/wishlist'),
  addToWishlist: (productId: number) => request<unknown>('/api/wishlist', { method: 'POST', json: { productId } }),
  removeFromWishlist: (productId: number) => request<unknown>(`/api/wishlist/${productId}`, { method: 'DELETE' }),
  bookmarks: () => request<{ items: BookmarkItem[] }>('/api/bookmarks'),
  addBookmark: (postId: number) => request<unknown>('/api/bookmarks', { method: 'POST', json: { postId } }),
  removeBookmark: (postId: number) => request<unknown>(`/api/bookmarks/${postId}`, { method: 'DELETE' }),
};
