/**
 * The search box's server rendering, which is what the static /blog page ships. The
 * "No blog posts yet" state needs a site with no published posts; rendering the component with
 * none is the same markup Astro would put in that build, without building one.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import BlogSearch from '../../src/components/blog/BlogSearch.tsx';

const posts = [
  { slug: 'foam', title: 'Foam Rolling 101', excerpt: 'Roll slowly.', category: 'beginner' },
  { slug: 'sleep', title: 'Sleep for Recovery', excerpt: 'Five habits.', category: 'sleep' },
];
const render = (props: Partial<Parameters<typeof BlogSearch>[0]> = {}) =>
  renderToStaticMarkup(createElement(BlogSearch, { posts, listId: 'blog-posts', categories: ['beginner', 'sleep'], ...props }));

describe('blog list empty states', () => {
  it('shows "No blog posts yet" / "Check back soon for new content!" when nothing is published', () => {
    const html = render({ posts: [], categories: [] });
    expect(html).toContain('No blog posts yet');
    expect(html).toContain('Check back soon for new content!');
    expect(html).not.toContain('No posts found');
    expect(html).not.toContain('Search blog posts...');
  });

  it('shows the search box and no empty state when there are posts', () => {
    const html = render();
    expect(html).toContain('placeholder="Search blog posts..."');
    expect(html).not.toContain('No blog posts yet');
    // "No posts found" is in the markup for blog-search.ts to show, hidden while every post matches.
    expect(html).toContain('<div data-blog-no-matches="" hidden="">');
  });

  it('shows "No posts found" / "Try adjusting your search terms" when the filter leaves nothing', () => {
    const html = render({ fixedCategory: 'nutrition' });
    expect(html).toContain('<div data-blog-no-matches=""><div');
    expect(html).toContain('No posts found');
    expect(html).toContain('Try adjusting your search terms');
  });
});

describe('blog category links', () => {
  it('link every category to its static page and mark the current one', () => {
    const html = render({ fixedCategory: 'sleep' });
    expect(html).toContain('href="/blog/category/beginner"');
    expect(html).toMatch(/<a href="\/blog\/category\/sleep" aria-current="page"/);
    expect(html).toMatch(/<a href="\/blog" class=/);
  });

  it('mark "All posts" current on /blog before any category is read from the address', () => {
    expect(render()).toMatch(/<a href="\/blog" aria-current="page"/);
  });
});
