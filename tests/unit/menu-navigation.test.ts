import { describe, expect, it } from 'vitest';
import {
  drawerCategories,
  EVERYDAY_LINKS,
  GUIDE_LINKS,
  headerSearchHref,
  MAIN_LINKS,
  markCurrent,
  MENU_EXCERPT_MAX,
  MENU_POST_COUNT,
  MENU_TITLE_MAX,
  menuPosts,
  mobileMenuLinks,
  navigationCategories,
  packHeaderData,
  truncateText,
  unpackHeaderData,
} from '../../src/domain/navigation.ts';

describe('mega menu text is cut to size', () => {
  it('leaves text that fits unchanged', () => {
    expect(truncateText('Foam Rolling 101', 40)).toBe('Foam Rolling 101');
    expect(truncateText('x'.repeat(40), 40)).toBe('x'.repeat(40));
  });

  it('cuts longer text to the limit and marks the cut with an ellipsis', () => {
    const cut = truncateText('a'.repeat(41), 40);
    expect(cut).toBe(`${'a'.repeat(40)}…`);
  });

  it('ends on a word boundary: the last whole word that fits, then the ellipsis', () => {
    expect(truncateText('How to Set Up a Beginner Home Gym Without Wasting Money', 40)).toBe('How to Set Up a Beginner Home Gym…');
    expect(truncateText('abcd efgh', 5)).toBe('abcd…');
    expect(truncateText('abcd efgh', 4)).toBe('abcd…');
    expect(truncateText('abcd efgh', 7)).toBe('abcd…');
  });

  it('leaves no punctuation dangling before the ellipsis', () => {
    expect(truncateText('Foam rolling, stretching and sleep', 14)).toBe('Foam rolling…');
    expect(truncateText('Sleep better – a guide', 14)).toBe('Sleep better…');
  });

  it('cuts inside a word only when one word is longer than the limit', () => {
    expect(truncateText('Supercalifragilistic expialidocious', 10)).toBe('Supercalif…');
  });

  it('never makes the kept text longer than the limit', () => {
    const titles = ['How to Set Up a Beginner Home Gym Without Wasting Money', 'The 7 Best Massage Guns of the Year, Tested and Compared'];
    for (const title of titles) expect(Array.from(truncateText(title, 40).slice(0, -1)).length).toBeLessThanOrEqual(40);
  });

  it('counts characters, not UTF-16 units, so an emoji is never split', () => {
    expect(truncateText('💪💪💪', 2)).toBe('💪💪…');
  });
});

describe('Blog Articles group: the six newest published posts', () => {
  const post = (n: number, title = `Post ${n}`, excerpt = `Excerpt ${n}`) => ({
    slug: `post-${n}`,
    title,
    excerpt,
    publishedAt: new Date(Date.UTC(2025, 0, n)),
  });

  it('takes six, newest first, whatever order they come in', () => {
    const posts = [3, 9, 1, 7, 5, 8, 2, 6, 4].map((n) => post(n));
    const menu = menuPosts(posts);
    expect(MENU_POST_COUNT).toBe(6);
    expect(menu.map((item) => item.href)).toEqual(['/blog/post-9', '/blog/post-8', '/blog/post-7', '/blog/post-6', '/blog/post-5', '/blog/post-4']);
  });

  it('cuts titles to 40 characters and excerpts to 80', () => {
    expect([MENU_TITLE_MAX, MENU_EXCERPT_MAX]).toEqual([40, 80]);
    const [item] = menuPosts([post(1, 'T'.repeat(60), 'E'.repeat(200))]);
    expect(item?.title).toBe(`${'T'.repeat(40)}…`);
    expect(item?.excerpt).toBe(`${'E'.repeat(80)}…`);
  });

  it('shows fewer when there are fewer posts', () => {
    expect(menuPosts([post(1)])).toHaveLength(1);
    expect(menuPosts([])).toEqual([]);
  });
});

describe('Browse Categories drawer', () => {
  const category = (slug: string, order: number | null, showInNavigation = true) => ({
    name: slug.replace(/^./, (c) => c.toUpperCase()),
    slug,
    showInNavigation,
    navigationOrder: order,
    productCount: 3,
  });

  it('hides the uncategorized slug', () => {
    const list = drawerCategories([category('recovery', 1), { ...category('uncategorized', 2), showInNavigation: true }]);
    expect(list.map((item) => item.name)).toEqual(['Recovery']);
  });

  it('lists navigation categories in navigation order, unordered last by name', () => {
    const list = navigationCategories([category('wellness', null), category('fitness', 2), category('budget', null), category('recovery', 1), category('hidden', 0, false)]);
    expect(list.map((item) => item.slug)).toEqual(['recovery', 'fitness', 'budget', 'wellness']);
  });

  it('links each category to its catalogue page with its product count', () => {
    expect(drawerCategories([category('recovery-wellness', 1)])).toEqual([
      { href: '/products?category=recovery-wellness', name: 'Recovery-wellness' },
    ]);
  });
});

describe('the other links of the header', () => {
  it('opens the four guides', () => {
    expect(GUIDE_LINKS.map((link) => link.href)).toEqual([
      '/guides/recovery-routines',
      '/guides/injury-prevention',
      '/guides/nutrition-tips',
      '/guides/sleep-optimization',
    ]);
  });

  it('sends home-essentials, budget and office to their categories and beginner to the blog', () => {
    expect(EVERYDAY_LINKS.map((link) => link.href)).toEqual([
      '/products?category=home',
      '/products?category=budget',
      '/products?category=office',
      '/blog?category=beginner',
    ]);
  });
});

describe('the current section is marked', () => {
  const current = (address: string) => markCurrent(MAIN_LINKS, address).filter((link) => link.current).map((link) => link.label);

  it('marks the section the path is in, with or without a trailing slash', () => {
    expect(current('/products')).toEqual(['Products']);
    expect(current('/products/')).toEqual(['Products']);
    expect(current('/products?category=fitness&sort=rating')).toEqual(['Products']);
    expect(current('/about/')).toEqual(['About']);
  });

  it('prefers the link that names the most of the address: Top Picks on /products?featured=true', () => {
    expect(current('/products?featured=true')).toEqual(['Top Picks']);
    expect(current('/products?category=recovery&featured=true&sort=name')).toEqual(['Top Picks']);
    expect(current('/products?featured=false')).toEqual(['Products']);
  });

  it('marks nothing elsewhere', () => {
    expect(current('/product/foam-roller')).toEqual([]);
    expect(current('/productsx')).toEqual([]);
    expect(current('/')).toEqual([]);
  });

  it('gives the mobile menu Home and Blog too, Home only on the home page', () => {
    expect(mobileMenuLinks('/').map((link) => link.label)).toEqual(['Home', 'Products', 'Top Picks', 'Blog', 'About', 'Contact']);
    expect(mobileMenuLinks('/').filter((link) => link.current).map((link) => link.label)).toEqual(['Home']);
    expect(mobileMenuLinks('/blog/how-to-foam-roll').filter((link) => link.current).map((link) => link.label)).toEqual(['Blog']);
  });
});

describe('header search', () => {
  it('goes to /products?search= with the trimmed text', () => {
    expect(headerSearchHref('  foam roller ')).toBe('/products?search=foam+roller');
    expect(headerSearchHref('bands & tubes')).toBe('/products?search=bands+%26+tubes');
  });

  it('does nothing for empty or all-space text', () => {
    expect(headerSearchHref('')).toBeNull();
    expect(headerSearchHref(' \t\n ')).toBeNull();
  });
});

describe('the header data the menus read', () => {
  const data = {
    posts: [{ href: '/blog/foam-rolling', title: 'Foam </script><script>alert(1)</script>', excerpt: 'Roll “slowly” & breathe' }],
    categories: [{ href: `/products?category=${encodeURIComponent('recovery & wellness')}`, name: 'Recovery & Wellness' }],
  };

  it('comes back as it went in', () => {
    expect(unpackHeaderData(packHeaderData(data))).toEqual(data);
  });

  it('can never close the script element that holds it', () => {
    expect(packHeaderData(data)).not.toContain('<');
  });

  it('is empty rather than broken when missing or unreadable', () => {
    expect(unpackHeaderData(null)).toEqual({ posts: [], categories: [] });
    expect(unpackHeaderData('{"p":')).toEqual({ posts: [], categories: [] });
  });
});
