/** The admin client for /api/admin/blog; answers are parsed with the schemas the functions answer with. */
import { z } from 'zod';
import {
  adminBlogListSchema,
  adminBlogPostSchema,
  blogListSearchParams,
  type BlogListQuery,
  type BlogPostForm,
} from '../../../domain/admin/blog.ts';
import { adminRequest } from '../api.ts';

export const blogKeys = {
  all: ['admin', 'blog'] as const,
  lists: ['admin', 'blog', 'list'] as const,
  list: (query: BlogListQuery) => ['admin', 'blog', 'list', query] as const,
  post: (id: number) => ['admin', 'blog', 'post', id] as const,
};

/** What the editor sends: the form's fields and whether the post is to be published. */
export type BlogPostBody = BlogPostForm & { published: boolean };

const noBody = z.unknown();

export const blogApi = {
  list: (query: BlogListQuery) => {
    const params = blogListSearchParams(query).toString();
    return adminRequest(`/api/admin/blog${params ? `?${params}` : ''}`, adminBlogListSchema);
  },
  get: (id: number) => adminRequest(`/api/admin/blog/${id}`, adminBlogPostSchema),
  create: (body: BlogPostBody) => adminRequest('/api/admin/blog', adminBlogPostSchema, { method: 'POST', json: body }),
  update: (id: number, body: BlogPostBody) => adminRequest(`/api/admin/blog/${id}`, adminBlogPostSchema, { method: 'PUT', json: body }),
  setPublished: (id: number, published: boolean) =>
    adminRequest(`/api/admin/blog/${id}/publish`, adminBlogPostSchema, { method: 'POST', json: { published } }),
  remove: (id: number) => adminRequest(`/api/admin/blog/${id}`, noBody, { method: 'DELETE' }),
};
