/**
 * The blog's rules (spec section 2, Blog): search, category filter, time since
 * publication, related posts. Pure: shared by the static pages, the search island
 * and the relative-time script.
 */
import { authorPersonJsonLd } from './editorial/author-page.ts';

/** What the list needs to filter a post; the static cards carry the rest. */
export interface PostSummary {
  slug: string;
  title: string;
  excerpt: string;
  category: string | null;
}

/** The editorial categories the demo posts use, in the order the blog shows them. */
export const BLOG_CATEGORIES = ['beginner', 'recovery', 'nutrition', 'sleep', 'equipment', 'wellness'] as const;

/** Slugs a post cannot take because a static page under /blog/ already uses them. */
export const RESERVED_POST_SLUGS: readonly string[] = ['not-found'];

export const blogTexts = {
  title: 'Recovery Blog',
  searchPlaceholder: 'Search blog posts...',
  noMatches: { title: 'No posts found', description: 'Try adjusting your search terms' },
  noPosts: { title: 'No blog posts yet', description: 'Check back soon for new content!' },
  notFound: { title: 'Blog Post Not Found', description: "The blog post you're looking for doesn't exist or has been removed." },
} as const;

/** The Share button's fallback toasts; spec section 8's copy-link texts, worded for a post. */
export const shareTexts = {
  copied: { title: 'Link copied!', description: 'The post link has been copied to your clipboard.' },
  copyFailed: { title: 'Failed to copy', description: 'Please copy the link manually.' },
} as const;

/** A category as the URL and the data compare it: trimmed and lower-cased; empty means none. */
export function normalizeCategory(value: string | null | undefined): string | null {
  const normalized = value?.trim().toLowerCase() ?? '';
  return normalized === '' ? null : normalized;
}

/** "beginner" → "Beginner"; "home-office" → "Home office". */
export function categoryLabel(category: string): string {
  const words = category.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The search rule: the trimmed query occurs in the title or the excerpt, ignoring case. An empty query matches all. */
export function matchesSearch(post: Pick<PostSummary, 'title' | 'excerpt'>, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase('en-US');
  if (needle === '') return true;
  return post.title.toLocaleLowerCase('en-US').includes(needle) || post.excerpt.toLocaleLowerCase('en-US').includes(needle);
}

/** The category rule: no category selected matches all; otherwise the post's category must equal it. */
export function matchesCategory(post: Pick<PostSummary, 'category'>, category: string | null): boolean {
  const wanted = normalizeCategory(category);
  return wanted === null || normalizeCategory(post.category) === wanted;
}

export interface PostFilter {
  query: string;
  category: string | null;
}

/** The posts that pass both rules, in their given order. */
export function filterPosts<P extends PostSummary>(posts: readonly P[], filter: PostFilter): P[] {
  return posts.filter((post) => matchesCategory(post, filter.category) && matchesSearch(post, filter.query));
}

/** The categories in use, known ones first in BLOG_CATEGORIES order, then any others alphabetically. */
export function categoriesInUse(posts: readonly Pick<PostSummary, 'category'>[]): string[] {
  const used = new Set(posts.map((post) => normalizeCategory(post.category)).filter((c): c is string => c !== null));
  const known: string[] = BLOG_CATEGORIES.filter((c) => used.has(c));
  const others = [...used].filter((c) => !known.includes(c)).sort();
  return [...known, ...others];
}

/** Which state the list is in, so the right empty state shows. */
export type ListState = 'empty' | 'no-matches' | 'results';

export function listState(totalPosts: number, visiblePosts: number): ListState {
  if (totalPosts === 0) return 'empty';
  return visiblePosts === 0 ? 'no-matches' : 'results';
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/**
 * Time since publication in words, as the cards show it: "just now", "5 minutes ago",
 * "3 hours ago", "1 day ago", "3 weeks ago", "2 months ago", "1 year ago".
 * Each unit counts whole units passed (floor), so a post is never made to look older than it is.
 * A date in the future (clock skew between build and reader) reads "just now".
 */
export function timeSince(date: Date, now: Date): string {
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  const days = Math.floor(elapsed / DAY);
  if (days < 14) return plural(days, 'day');
  if (days < 30) return plural(Math.floor(days / 7), 'week');
  const months = wholeMonthsBetween(date, now);
  if (months < 12) return plural(Math.max(1, months), 'month');
  return plural(Math.floor(months / 12), 'year');
}

/** Calendar months from `from` to `to` (UTC), not counting a month that is not yet complete. */
function wholeMonthsBetween(from: Date, to: Date): number {
  let months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
  const fromRest = from.getTime() - Date.UTC(from.getUTCFullYear(), from.getUTCMonth());
  const toRest = to.getTime() - Date.UTC(to.getUTCFullYear(), to.getUTCMonth());
  if (toRest < fromRest) months -= 1;
  return months;
}

/**
 * Up to `limit` other posts to read next: the same category first, then the newest others.
 * `posts` is expected newest first.
 */
export function relatedPosts<P extends PostSummary>(current: PostSummary, posts: readonly P[], limit = 3): P[] {
  const others = posts.filter((post) => post.slug !== current.slug);
  const category = normalizeCategory(current.category);
  const sameCategory = category === null ? [] : others.filter((post) => normalizeCategory(post.category) === category);
  const rest = others.filter((post) => !sameCategory.includes(post));
  return [...sameCategory, ...rest].slice(0, limit);
}

/** Reading time in whole minutes at 220 words a minute, at least one. */
export function readingMinutes(text: string): number {
  const words = text.trim().split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 220));
}

export interface BlogPostingInput {
  slug: string;
  title: string;
  excerpt: string;
  imageUrl: string | null;
  category: string | null;
  publishedAt: Date;
  /** The last save: dateModified (the publication date when it is earlier). */
  updatedAt?: Date;
  /** The byline's author: a Person with their page as url; without one, the site itself is the author. */
  byline?: { slug: string; name: string; role: string; photoUrl: string | null } | null;
}

/**
 * schema.org BlogPosting for a post page (spec section 9, SEO). URLs are made absolute against
 * the site, as Google requires; the publisher is the site itself.
 */
export function blogPostingJsonLd(post: BlogPostingInput, site: URL | string, description: string): Record<string, unknown> {
  const url = new URL(`/blog/${post.slug}`, site).href;
  const publisher = { '@type': 'Organization', name: 'Repwell', url: new URL('/', site).href, logo: new URL('/favicon.svg', site).href };
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    datePublished: post.publishedAt.toISOString(),
    ...(post.updatedAt ? { dateModified: new Date(Math.max(post.publishedAt.getTime(), post.updatedAt.getTime())).toISOString() } : {}),
    ...(post.imageUrl ? { image: new URL(post.imageUrl, site).href } : {}),
    ...(post.category ? { articleSection: categoryLabel(post.category) } : {}),
    author: post.byline ? authorPersonJsonLd(post.byline, site) : { '@type': 'Organization', name: 'Repwell', url: new URL('/about', site).href },
    publisher,
    isPartOf: { '@type': 'Blog', name: blogTexts.title, url: new URL('/blog', site).href },
  };
}
