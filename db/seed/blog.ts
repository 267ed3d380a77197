/**
 * Demo blog posts, kept as editable HTML in content/blog/ with their metadata
 * in content/blog/posts.json. Publication dates are days before `now`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const blogContentFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../../content/blog');

const PostMetaSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  title: z.string().min(1),
  excerpt: z.string().min(1).max(200),
  category: z.string().min(1),
  /** null: an unpublished draft. */
  publishedDaysAgo: z.number().int().nonnegative().nullable(),
  /** The product illustration the post's cover image is drawn from (scripts/generate-images.ts). */
  illustration: z.string().min(1),
});
export type PostMeta = z.infer<typeof PostMetaSchema>;

export interface SeedPost {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  imageUrl: string;
  category: string;
  published: boolean;
  publishedAt: Date | null;
}

const DAY = 24 * 3_600_000;

export function loadPostMeta(): PostMeta[] {
  return z.array(PostMetaSchema).parse(JSON.parse(readFileSync(join(blogContentFolder, 'posts.json'), 'utf8')));
}

export function loadBlogPosts(now: Date): SeedPost[] {
  return loadPostMeta().map((meta) => ({
    title: meta.title,
    slug: meta.slug,
    excerpt: meta.excerpt,
    content: readFileSync(join(blogContentFolder, `${meta.slug}.html`), 'utf8').trim(),
    imageUrl: `/images/blog/${meta.slug}.svg`,
    category: meta.category,
    published: meta.publishedDaysAgo !== null,
    publishedAt: meta.publishedDaysAgo === null ? null : new Date(now.getTime() - meta.publishedDaysAgo * DAY),
  }));
}
