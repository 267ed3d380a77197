/**
 * What the site's navigation links to (spec section 2, Header and Public routes; section 9 limits):
 * the four guides, the "For Everyday Recovery" links, the Blog Articles group of the mega menu and
 * the categories of the Browse Categories drawer. Pure data and rules; the header renders them.
 */

export interface NavLink {
  href: string;
  label: string;
  description: string;
}

/** The four guide pages; the home page's shortcut buttons and the Guides menu open these. */
export const GUIDE_LINKS: readonly NavLink[] = [
  {
    href: '/guides/recovery-routines',
    label: 'Recovery Routines',
    description: 'Simple routines that help sore muscles bounce back between sessions.',
  },
  {
    href: '/guides/injury-prevention',
    label: 'Injury Prevention',
    description: 'Warm-ups, form and gear that keep joints healthy while you train.',
  },
  {
    href: '/guides/nutrition-tips',
    label: 'Nutrition Tips',
    description: 'Protein, hydration and supplements explained without the hype.',
  },
  {
    href: '/guides/sleep-optimization',
    label: 'Sleep Optimization',
    description: 'Better sleep for better recovery: habits, environment and tools.',
  },
];

/** The "For Everyday Recovery" group: home-essentials, budget and office go to their catalogue categories, beginner to the blog. */
export const EVERYDAY_LINKS: readonly NavLink[] = [
  { href: '/products?category=home', label: 'Home Essentials', description: 'Recovery basics for every home.' },
  { href: '/products?category=budget', label: 'Budget Picks', description: 'Effective gear that does not cost a fortune.' },
  { href: '/products?category=office', label: 'Office Wellness', description: 'Stay comfortable and moving at your desk.' },
  { href: '/blog?category=beginner', label: 'Beginner Guides', description: 'New to home fitness? Start here.' },
];

/** The mega menu's groups, in the bar's order: each trigger's label and its panel's title, links and closing link. */
export interface MenuGroup {
  value: 'guides' | 'everyday' | 'blog';
  label: string;
  title: string;
  /** The panel's closing link ("All guides →"). */
  more?: { href: string; label: string };
}

export const MENU_GROUPS: readonly MenuGroup[] = [
  { value: 'guides', label: 'Guides', title: 'Guides', more: { href: '/guides', label: 'All guides' } },
  { value: 'everyday', label: 'Everyday', title: 'For Everyday Recovery' },
  { value: 'blog', label: 'Blog Articles', title: 'Blog Articles', more: { href: '/blog', label: 'View all articles' } },
];

/** A top-level header link; `current` marks the page the visitor is on. */
export interface HeaderLink {
  href: string;
  label: string;
  current: boolean;
}

/** The header's plain entries after the mega menu's groups (spec section 2, Header). */
export const MAIN_LINKS: readonly Pick<HeaderLink, 'href' | 'label'>[] = [
  { href: '/products', label: 'Products' },
  { href: '/products?featured=true', label: 'Top Picks' },
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
];

/**
 * Marks the link of the section the visitor is in, given the page's address (path and query; a
 * pre-rendered catalogue view passes the spec URL it stands for). A link matches when its path is
 * the address's path, or a section above it for links without a query, and every parameter it
 * names is in the address; of the links that match, the one naming most parameters is current, so
 * /products?featured=true marks Top Picks rather than Products.
 */
export function markCurrent(links: readonly Pick<HeaderLink, 'href' | 'label'>[], address: string): HeaderLink[] {
  const here = new URL(address, 'http://site');
  const herePath = here.pathname.replace(/\/+$/, '') || '/';
  const score = (href: string): number => {
    const link = new URL(href, 'http://site');
    const params = [...link.searchParams];
    const pathMatches = params.length > 0 ? herePath === link.pathname : herePath === link.pathname || (link.pathname !== '/' && herePath.startsWith(`${link.pathname}/`));
    return pathMatches && params.every(([key, value]) => here.searchParams.getAll(key).includes(value)) ? params.length : -1;
  };
  const scores = links.map((link) => score(link.href));
  const best = Math.max(-1, ...scores);
  return links.map(({ href, label }, index) => ({ href, label, current: best >= 0 && scores[index] === best }));
}

/** The mobile menu's Explore list: home and the blog join the main links. */
export function mobileMenuLinks(address: string): HeaderLink[] {
  const [products, topPicks, ...rest] = MAIN_LINKS;
  return markCurrent([{ href: '/', label: 'Home' }, products!, topPicks!, { href: '/blog', label: 'Blog' }, ...rest], address);
}

/** Spec section 9: the Blog Articles group shows six posts, titles cut to 40 characters and excerpts to 80. */
export const MENU_POST_COUNT = 6;
export const MENU_TITLE_MAX = 40;
export const MENU_EXCERPT_MAX = 80;

/**
 * Spec section 9: navigation menu delays. Radix NavigationMenu's `delayDuration` and
 * `skipDelayDuration` take the first two; Radix closes 150 ms after the pointer leaves, a value it
 * fixes internally (tests/unit/menu-delays.test.ts checks the installed version still does).
 */
export const MENU_DELAYS = { openMs: 200, skipMs: 300, closeMs: 150 } as const;

/** The slug of the default category, hidden from navigation (spec section 3). */
export const UNCATEGORIZED_SLUG = 'uncategorized';

const ELLIPSIS = '…';
/** Left at the end of a cut, these read as a sentence broken off: "Foam Rolling, …". */
const TRAILING_PUNCTUATION = /[\s,;:.!?'"“‘([{–—-]+$/u;

/**
 * Cuts text to at most `max` characters (code points, so an emoji is never split) and marks the
 * cut with an ellipsis; text that fits is returned unchanged. The cut falls on a word boundary (the
 * last whole word that fits, without trailing punctuation); only a single word longer than `max`
 * is cut inside.
 */
export function truncateText(text: string, max: number): string {
  const characters = Array.from(text.trim());
  if (characters.length <= max) return characters.join('');
  const head = characters.slice(0, max).join('');
  // The next character is whitespace: the cut already falls between words.
  const atBoundary = /\s/u.test(characters[max] ?? '');
  const lastSpace = head.search(/\s\S*$/u);
  const words = atBoundary ? head : lastSpace > 0 ? head.slice(0, lastSpace) : head;
  const cut = words.replace(TRAILING_PUNCTUATION, '');
  return `${cut || head.trimEnd()}${ELLIPSIS}`;
}

export interface MenuPostSource {
  slug: string;
  title: string;
  excerpt: string;
  publishedAt: Date;
}

export interface MenuPost {
  href: string;
  title: string;
  excerpt: string;
}

/** The Blog Articles group: the six newest published posts (the caller passes published ones only), cut to size. */
export function menuPosts(posts: readonly MenuPostSource[]): MenuPost[] {
  return [...posts]
    .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime())
    .slice(0, MENU_POST_COUNT)
    .map((post) => ({
      href: `/blog/${post.slug}`,
      title: truncateText(post.title, MENU_TITLE_MAX),
      excerpt: truncateText(post.excerpt, MENU_EXCERPT_MAX),
    }));
}

export interface DrawerCategorySource {
  name: string;
  slug: string;
  showInNavigation: boolean;
  navigationOrder: number | null;
}

/**
 * A drawer link: no product count. The spec asks for none, and the catalogue's filter panel shows the counts once its
 * island has read them.
 */
export interface DrawerCategory {
  href: string;
  name: string;
}

/**
 * The categories navigation shows (spec section 7: show_in_navigation, by navigation order with
 * unordered ones last; then by name), without the uncategorized default (spec section 2, Header).
 */
export function navigationCategories<T extends DrawerCategorySource>(categories: readonly T[]): T[] {
  return categories
    .filter((category) => category.showInNavigation && category.slug !== UNCATEGORIZED_SLUG)
    .sort((a, b) => (a.navigationOrder ?? Infinity) - (b.navigationOrder ?? Infinity) || a.name.localeCompare(b.name));
}

/** The Browse Categories drawer: the navigation categories, each to its catalogue page. */
export function drawerCategories(categories: readonly DrawerCategorySource[]): DrawerCategory[] {
  return navigationCategories(categories).map((category) => ({
    href: `/products?category=${encodeURIComponent(category.slug)}`,
    name: category.name,
  }));
}

/**
 * The header search (spec section 5): the trimmed text goes to /products?search=…; blank text goes
 * nowhere (null), so submitting an empty box does nothing.
 */
export function headerSearchHref(text: string): string | null {
  const query = text.trim();
  if (!query) return null;
  return `/products?${new URLSearchParams({ search: query }).toString()}`;
}

/**
 * What the header's menus build in the browser from (the six menu posts and the drawer's categories), packed as
 * compact JSON for the menus' data file (src/components/header/header-data.ts): rows rather than objects, paths without
 * their fixed prefix, and `<` escaped so the text can never close a script element it is put in.
 */
export interface HeaderData {
  posts: MenuPost[];
  categories: DrawerCategory[];
}

const POST_PREFIX = '/blog/';
const CATEGORY_PREFIX = '/products?category=';

export function packHeaderData({ posts, categories }: HeaderData): string {
  const packed = {
    p: posts.map((post) => [post.href.slice(POST_PREFIX.length), post.title, post.excerpt]),
    c: categories.map((category) => [category.href.slice(CATEGORY_PREFIX.length), category.name]),
  };
  return JSON.stringify(packed).replace(/</g, '\\u003c');
}

export function unpackHeaderData(text: string | null | undefined): HeaderData {
  try {
    const packed = JSON.parse(text ?? '') as { p?: [string, string, string][]; c?: [string, string][] };
    return {
      posts: (packed.p ?? []).map(([slug, title, excerpt]) => ({ href: `${POST_PREFIX}${slug}`, title, excerpt })),
      categories: (packed.c ?? []).map(([slug, name]) => ({ href: `${CATEGORY_PREFIX}${slug}`, name })),
    };
  } catch {
    return { posts: [], categories: [] };
  }
}
