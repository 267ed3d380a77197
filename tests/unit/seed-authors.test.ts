import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedAuthors, seedBylines } from '../../db/seed/authors.ts';
import { loadPostMeta } from '../../db/seed/blog.ts';
import { authorInputSchema, authorSlug } from '../../src/domain/editorial/author.ts';

describe('the demo authors', () => {
  it('are the fixed four, each valid as the admin panel would save them, with a portrait in public/', () => {
    expect(seedAuthors.map((author) => author.slug)).toEqual(['maya-chen', 'jordan-reyes', 'priya-nair', 'sam-okafor']);
    for (const author of seedAuthors) {
      const parsed = authorInputSchema.parse(author);
      expect(parsed).toEqual({ name: author.name, role: author.role, bio: author.bio, photoUrl: author.photoUrl, areas: author.areas });
      expect(authorSlug(author.name)).toBe(author.slug);
      expect(existsSync(join('public', author.photoUrl!)), author.photoUrl!).toBe(true);
    }
  });

  it('sign every demo post, by subject, and only posts that exist', () => {
    const slugs = loadPostMeta().map((post) => post.slug);
    expect(Object.keys(seedBylines).sort()).toEqual([...slugs].sort());
    const known = new Set(seedAuthors.map((author) => author.slug));
    for (const [post, byline] of Object.entries(seedBylines)) expect(known.has(byline.author), post).toBe(true);
    expect(seedBylines['sleep-for-recovery']?.author).toBe('priya-nair');
    expect(seedBylines['beginner-home-gym-setup']?.author).toBe('jordan-reyes');
    expect(seedBylines['how-to-use-a-massage-gun']?.author).toBe('maya-chen');
  });
});
