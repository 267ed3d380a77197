/**
 * Which pages an edit touches (ARCHITECTURE sections 1 and 13: publishing is incremental, and a partial build equals a
 * full build file for file). Two snapshots of what the pages are made from, the last complete build's and now's, are
 * compared; the answer is a full build, or the pages to render again. Pages a build no longer makes (a deleted product,
 * an old slug) are found from the list of every page the new build would make, not here.
 *
 * The rule is deliberately coarse where being exact would need a second copy of a page's logic:
 * - a change to the code, the content files or the build's environment makes a full build: the renderer the last
 *   build kept is that code;
 * - data every page shows (the settings rendered, the footer's year) renders every page again, from the kept
 *   renderer: the same pages as a full build without Astro's fixed work (the content layer's sync, two Vite builds);
 * - a category or an author renders every page that is not a product page, and the product pages that show it: a
 *   product's digest holds its category's name and slug and its reviewer's name and slug, all a product page shows of
 *   either. The header's menus are in a data file, one of the pages that are not product pages
 *   (src/components/header/header-data.ts), so no page's HTML carries the navigation's categories;
 * - a changed, new or removed product renders its own page and every page that is not a product page (listings,
 *   catalogue data, home, blog, guides: a few hundred at most, where a product page is one of thousands);
 * - a published, changed or withdrawn post renders every page that is not a product page (the blog, home, the menus'
 *   newest posts), and the product pages whose review link it changes (their product's digest holds the post that
 *   reviews it);
 * - a product page also renders again when the product it is, or a product a link in its description offers,
 *   changed (linked-products.ts gives such a link the offered product's click id).
 * The equivalence test (tests/integration/partial-build-equivalence.test.ts) holds the rule to the full build.
 */

/** What one build was made from, as digests: small enough to keep beside every complete build. */
export interface SiteSnapshot {
  /** Bumped when the shape or the rule changes: an old snapshot then makes a full build. */
  format: number;
  /** The source tree's contents (code, templates, guides, public files). */
  source: string;
  /** The environment the build reads (the site's address, the Amazon tag). */
  environment: string;
  /** Data every page shows: the rendered settings rows, the year. */
  globals: string;
  /** Every category with its counts, shown by listings, home and the menus' data. */
  categories: string;
  /** Every author, as their bylines and pages show them. */
  authors: string;
  /** Per published post, by slug. */
  posts: Record<string, string>;
  /** Per product, by slug: its row as the build reads it, with the deal state at the snapshot's time. */
  products: Record<string, string>;
  /**
   * Per product slug: the slugs of the products its page shows something of: those its description's links offer
   * (sorted), then its alternatives in the order the page shows them.
   */
  linksTo: Record<string, string[]>;
}

export const SNAPSHOT_FORMAT = 4;

export type PublishPlan =
  | { kind: 'full'; reason: string }
  | {
      kind: 'partial';
      /** Product pages to render (slugs). */
      products: string[];
      /** Render every page that is not a product page. */
      everyOtherPage: boolean;
      /** Why every page renders again (data every page shows changed), with none kept for unchanged inputs. */
      everyPage?: string;
    };

export function planPublish(previous: SiteSnapshot | undefined, next: SiteSnapshot): PublishPlan {
  if (!previous) return { kind: 'full', reason: 'no complete build to start from' };
  if (previous.format !== next.format) return { kind: 'full', reason: 'the publishing rule changed' };
  if (previous.source !== next.source) return { kind: 'full', reason: 'the code or content files changed' };
  if (previous.environment !== next.environment) return { kind: 'full', reason: 'the build environment changed' };
  if (previous.globals !== next.globals) return { kind: 'partial', products: [], everyOtherPage: true, everyPage: 'settings every page shows changed' };

  const changed = changedKeys(previous.products, next.products);
  const postsChanged = changedKeys(previous.posts, next.posts).size > 0;
  const categoriesChanged = previous.categories !== next.categories;
  const authorsChanged = previous.authors !== next.authors;
  const products = new Set<string>();
  for (const slug of changed) if (slug in next.products) products.add(slug);
  // A page whose description offers a changed product shows that product's click id, and a page whose alternatives
  // include a changed product shows its card: either renders again, as does one whose list changed.
  for (const [slug, targets] of Object.entries(next.linksTo)) {
    if (targets.some((target) => changed.has(target)) || !sameList(previous.linksTo[slug], targets)) products.add(slug);
  }
  // A page that showed linked products or alternatives and shows none now.
  for (const slug of Object.keys(previous.linksTo)) if (!(slug in next.linksTo) && slug in next.products) products.add(slug);
  return {
    kind: 'partial',
    products: [...products].sort(),
    everyOtherPage: changed.size > 0 || postsChanged || categoriesChanged || authorsChanged,
  };
}

/** A plan that renders no page: its two snapshots describe the same site. */
export function rendersNothing(plan: PublishPlan): boolean {
  return plan.kind === 'partial' && plan.everyPage === undefined && !plan.everyOtherPage && plan.products.length === 0;
}

/** Keys added, removed or with another digest. */
export function changedKeys(previous: Record<string, string>, next: Record<string, string>): Set<string> {
  const keys = new Set<string>();
  for (const [key, digest] of Object.entries(next)) if (previous[key] !== digest) keys.add(key);
  for (const key of Object.keys(previous)) if (!(key in next)) keys.add(key);
  return keys;
}

function sameList(a: readonly string[] | undefined, b: readonly string[]): boolean {
  return a !== undefined && a.length === b.length && a.every((value, index) => value === b[index]);
}
