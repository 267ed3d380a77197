import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBlogPosts } from '../../db/seed/index.ts';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const DAY = 24 * 3_600_000;
const posts = loadBlogPosts(NOW);
const published = posts.filter((post) => post.published);
const words = (html: string) => html.replace(/<[^>]+>/g, ' ').split(/\s+/).filter(Boolean).length;

describe('demo blog posts', () => {
  it('has at least 12 published posts and at least one unpublished draft', () => {
    expect(published.length).toBeGreaterThanOrEqual(12);
    const drafts = posts.filter((post) => !post.published);
    expect(drafts.length).toBeGreaterThanOrEqual(1);
    for (const draft of drafts) expect(draft.publishedAt).toBeNull();
  });

  it('gives every published post several hundred words with headings and lists', () => {
    for (const post of published) {
      expect(words(post.content), post.slug).toBeGreaterThanOrEqual(500);
      expect(post.content).toContain('<h2>');
      expect(post.content).toMatch(/<(ul|ol)>/);
    }
  });

  it('uses only safe tags, without attributes', () => {
    const allowed = new Set(['p', 'h2', 'h3', 'ul', 'ol', 'li', 'strong', 'em']);
    for (const post of posts) {
      for (const [, name = '', rest] of post.content.matchAll(/<\/?([a-z0-9]+)([^>]*)>/g)) {
        expect(allowed.has(name), `${post.slug}: <${name}>`).toBe(true);
        expect(rest, post.slug).toBe('');
      }
    }
  });

  it('has unique slugs, excerpts of about 150 characters and a local cover image', () => {
    expect(new Set(posts.map((post) => post.slug)).size).toBe(posts.length);
    for (const post of posts) {
      expect(post.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(post.excerpt.length).toBeGreaterThanOrEqual(120);
      expect(post.excerpt.length).toBeLessThanOrEqual(180);
      expect(post.imageUrl).toBe(`/images/blog/${post.slug}.svg`);
      expect(existsSync(join(import.meta.dirname, '../../public', post.imageUrl))).toBe(true);
    }
  });

  it('files several posts under beginner and the rest under other categories', () => {
    const categories = published.map((post) => post.category);
    expect(categories.filter((category) => category === 'beginner').length).toBeGreaterThanOrEqual(3);
    for (const category of ['recovery', 'nutrition', 'sleep', 'equipment']) expect(categories).toContain(category);
  });

  it('spreads publication dates over past months', () => {
    const ages = published.map((post) => (NOW.getTime() - (post.publishedAt as Date).getTime()) / DAY);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ages)).toBeGreaterThan(120);
    expect(new Set(ages).size).toBe(ages.length);
  });
});
