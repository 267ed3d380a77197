import { describe, expect, it } from 'vitest';
import {
  blogPostingJsonLd,
  categoriesInUse,
  categoryLabel,
  filterPosts,
  listState,
  matchesCategory,
  matchesSearch,
  normalizeCategory,
  readingMinutes,
  relatedPosts,
  timeSince,
} from '../../src/domain/blog.ts';

const post = (slug: string, title: string, excerpt: string, category: string | null = null) => ({ slug, title, excerpt, category });

const posts = [
  post('foam', 'Foam Rolling 101', 'How slowly to roll and where never to roll.', 'beginner'),
  post('sleep', 'Sleep Is Your Best Recovery Tool', 'Five habits that improve sleep.', 'sleep'),
  post('protein', 'Protein Timing', 'Does the anabolic window matter? Mostly not.', 'nutrition'),
  post('gym', 'Beginner Home Gym', 'The four pieces of equipment worth buying first.', 'Beginner'),
];

describe('blog search matches the title or the excerpt, ignoring case', () => {
  it('matches a word in the title in any case', () => {
    expect(matchesSearch(posts[0]!, 'FOAM')).toBe(true);
    expect(matchesSearch(posts[0]!, 'rolling 1')).toBe(true);
  });

  it('matches a word that only the excerpt contains', () => {
    expect(matchesSearch(posts[2]!, 'anabolic')).toBe(true);
  });

  it('does not match text in neither field', () => {
    expect(matchesSearch(posts[0]!, 'creatine')).toBe(false);
  });

  it('treats an empty or blank query as matching everything', () => {
    expect(filterPosts(posts, { query: '   ', category: null })).toHaveLength(4);
  });

  it('trims the query before matching', () => {
    expect(matchesSearch(posts[1]!, '  habits ')).toBe(true);
  });
});

describe('blog category filter', () => {
  it('keeps only posts of the chosen category, comparing case-insensitively', () => {
    expect(filterPosts(posts, { query: '', category: 'beginner' }).map((p) => p.slug)).toEqual(['foam', 'gym']);
    expect(matchesCategory(posts[3]!, ' BEGINNER ')).toBe(true);
  });

  it('keeps every post when no category is chosen', () => {
    expect(matchesCategory(post('x', 'X', '', null), null)).toBe(true);
    expect(matchesCategory(post('x', 'X', '', null), '')).toBe(true);
  });

  it('never matches a post without a category to a chosen category', () => {
    expect(matchesCategory(post('x', 'X', '', null), 'sleep')).toBe(false);
  });

  it('combines with search', () => {
    expect(filterPosts(posts, { query: 'equipment', category: 'beginner' }).map((p) => p.slug)).toEqual(['gym']);
    expect(filterPosts(posts, { query: 'equipment', category: 'sleep' })).toEqual([]);
  });

  it('normalizes categories and labels them for display', () => {
    expect(normalizeCategory('  Sleep ')).toBe('sleep');
    expect(normalizeCategory('')).toBeNull();
    expect(normalizeCategory(undefined)).toBeNull();
    expect(categoryLabel('beginner')).toBe('Beginner');
    expect(categoryLabel('home-office')).toBe('Home office');
  });

  it('lists the categories in use, known ones in editorial order first', () => {
    expect(categoriesInUse([...posts, post('z', 'Z', '', 'zen'), post('n', 'N', '', null)])).toEqual(['beginner', 'nutrition', 'sleep', 'zen']);
  });
});

describe('the list state picks the empty state to show', () => {
  it('is "empty" without any posts, "no-matches" when a filter hides all, else "results"', () => {
    expect(listState(0, 0)).toBe('empty');
    expect(listState(5, 0)).toBe('no-matches');
    expect(listState(5, 2)).toBe('results');
  });
});

describe('time since publication', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  const ago = (ms: number) => timeSince(new Date(now.getTime() - ms), now);
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;

  it('reads "just now" under a minute and for dates in the future', () => {
    expect(ago(30_000)).toBe('just now');
    expect(ago(-5 * MIN)).toBe('just now');
  });

  it('counts whole minutes, hours and days, singular and plural', () => {
    expect(ago(MIN)).toBe('1 minute ago');
    expect(ago(59 * MIN)).toBe('59 minutes ago');
    expect(ago(HOUR)).toBe('1 hour ago');
    expect(ago(23 * HOUR + 59 * MIN)).toBe('23 hours ago');
    expect(ago(DAY)).toBe('1 day ago');
    expect(ago(3 * DAY + 5 * HOUR)).toBe('3 days ago');
    expect(ago(13 * DAY)).toBe('13 days ago');
  });

  it('switches to weeks from 14 days and to months from 30 days', () => {
    expect(ago(14 * DAY)).toBe('2 weeks ago');
    expect(ago(29 * DAY)).toBe('4 weeks ago');
    expect(timeSince(new Date('2025-05-15T12:00:00Z'), now)).toBe('1 month ago');
    expect(timeSince(new Date('2025-03-16T12:00:00Z'), now)).toBe('2 months ago');
    expect(timeSince(new Date('2025-03-15T12:00:00Z'), now)).toBe('3 months ago');
  });

  it('never rounds a month up: 30 days across a 31-day month is still "1 month ago"', () => {
    expect(timeSince(new Date('2025-05-16T12:00:00Z'), now)).toBe('1 month ago');
  });

  it('counts whole years', () => {
    expect(timeSince(new Date('2024-06-15T12:00:00Z'), now)).toBe('1 year ago');
    expect(timeSince(new Date('2024-06-16T12:00:00Z'), now)).toBe('11 months ago');
    expect(timeSince(new Date('2021-01-01T00:00:00Z'), now)).toBe('4 years ago');
  });
});

describe('related posts', () => {
  it('offers the same category first, then the newest others, never the post itself', () => {
    expect(relatedPosts(posts[0]!, posts, 3).map((p) => p.slug)).toEqual(['gym', 'sleep', 'protein']);
  });

  it('stops at the limit', () => {
    expect(relatedPosts(posts[1]!, posts, 2).map((p) => p.slug)).toEqual(['foam', 'protein']);
  });
});

describe('reading time', () => {
  it('is words over 220 a minute, rounded, at least one', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('word '.repeat(1100))).toBe(5);
  });
});

describe('BlogPosting structured data', () => {
  const post = {
    slug: 'how-to-foam-roll',
    title: 'Foam Rolling 101',
    excerpt: 'How slowly to roll.',
    imageUrl: '/images/blog/how-to-foam-roll.svg',
    category: 'beginner',
    publishedAt: new Date('2025-06-01T08:00:00Z'),
  };

  it('names the post with absolute URLs and its publication date', () => {
    const data = blogPostingJsonLd(post, 'https://repwell.example', 'How slowly to roll.');
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Foam Rolling 101',
      url: 'https://repwell.example/blog/how-to-foam-roll',
      mainEntityOfPage: { '@id': 'https://repwell.example/blog/how-to-foam-roll' },
      datePublished: '2025-06-01T08:00:00.000Z',
      image: 'https://repwell.example/images/blog/how-to-foam-roll.svg',
      articleSection: 'Beginner',
      publisher: { '@type': 'Organization', name: 'Repwell' },
    });
  });

  it('leaves out the image and section when the post has none', () => {
    const data = blogPostingJsonLd({ ...post, imageUrl: null, category: null }, 'https://repwell.example', '');
    expect(data).not.toHaveProperty('image');
    expect(data).not.toHaveProperty('articleSection');
  });
});
