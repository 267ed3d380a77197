/**
 * Reads the snapshot of what the pages are made from (src/domain/publishing/publish-plan.ts) out of the database and
 * the source tree, with the same queries the content layer's loaders run (src/content.config.ts), so the two cannot
 * disagree about what a page shows.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Database } from '../../../db/client.ts';
import { defaultViewCounts } from '../../domain/catalogue/counts.ts';
import { copyrightYear } from '../../domain/copyright-year.ts';
import { readTime } from '../../domain/product-display/attributes.ts';
import { alternativesByProduct } from '../../domain/product-display/alternatives.ts';
import { dealMayStillShow } from '../../domain/product-display/deal.ts';
import { isPriceStale, PRICE_SETTING_ID, storedStaleAfterHours } from '../../domain/product-display/price-age.ts';
import { SNAPSHOT_FORMAT, type SiteSnapshot } from '../../domain/publishing/publish-plan.ts';
import { linkedProducts } from '../../domain/revenue/linked-products.ts';
import { articleBlocks } from '../../domain/article-blocks/article-html.ts';
import { reviewingPosts } from '../../domain/article-blocks/block-resolution.ts';
import { roundupBlocks } from '../../domain/editorial/roundup.ts';
import { renderDescriptionHtml } from '../html-sanitizer.ts';
import { BUILD_ENV, sourceFiles } from '../local/fingerprint.ts';
import { listAuthorsForBuild } from '../queries/authors.ts';
import { listCategoriesForBuild } from '../queries/categories.ts';
import { listPublishedPostsForBuild } from '../queries/posts.ts';
import { listProductsForBuild } from '../queries/products.ts';
import { listSettingsForBuild } from '../queries/settings.ts';

export interface SnapshotOptions {
  database: Database;
  projectRoot: string;
  env?: Record<string, string | undefined>;
  now?: number;
}

export async function readSiteSnapshot({ database, projectRoot, env = process.env, now = Date.now() }: SnapshotOptions): Promise<SiteSnapshot> {
  const [products, categories, posts, settings, authors] = await Promise.all([
    listProductsForBuild(database),
    listCategoriesForBuild(database),
    listPublishedPostsForBuild(database),
    listSettingsForBuild(database),
    listAuthorsForBuild(database),
  ]);
  const counts = defaultViewCounts(products);
  const counted = categories.map((category) => ({ ...category, productCount: counts.byCategory.get(category.slug) ?? 0 }));

  const amazonTag = env.AMAZON_ASSOCIATE_TAG;
  const productOf = linkedProducts(products, amazonTag);
  const slugOfId = new Map(products.map((product) => [product.id, product.slug]));
  const staleAfterHours = storedStaleAfterHours(settings.find((setting) => setting.id === PRICE_SETTING_ID)?.value);
  const linksTo: Record<string, string[]> = {};
  // A product page links the post that reviews it: a post that starts or stops featuring it changes the page (a
  // roundup's picks feature their products as its blocks do).
  const reviews = reviewingPosts(posts.map((post) => ({ ...post, blocks: [...articleBlocks(post.content), ...roundupBlocks(post.roundup)] })));
  const productDigests: Record<string, string> = {};
  // A product page ends with its alternatives' cards: it renders again when one of them changes (linksTo) or when
  // the list itself changes, order included (a price, stock or score change elsewhere can reorder or replace them).
  const alternativeIds = alternativesByProduct(products);
  for (const product of products) {
    const alternatives = (alternativeIds.get(product.id) ?? []).flatMap((id) => slugOfId.get(id) ?? []);
    if (alternatives.length > 0) linksTo[product.slug] = alternatives;
  }
  for (const product of products) {
    // The deal badge shows only while the deal has hours left: a deal that ended since the last build is a change.
    const dealShows = dealMayStillShow(readTime(product.attributes, 'deal_end_date'), now);
    // Likewise a price shows only until it goes stale: a price that went stale since the last build is a change.
    const priceShows = !isPriceStale(product.priceCheckedAt?.getTime(), staleAfterHours, now);
    productDigests[product.slug] = digest(JSON.stringify({ product, dealShows, priceShows, reviewedIn: reviews.get(product.id) ?? null }));
    if (!/<a\b/i.test(product.description)) continue;
    const offered = new Set<string>();
    renderDescriptionHtml(product.description, amazonTag, (href) => {
      const id = productOf(href);
      const slug = id === undefined ? undefined : slugOfId.get(id);
      if (slug !== undefined) offered.add(slug);
      return id;
    });
    // The description's offered products first (sorted), then the alternatives in page order.
    if (offered.size > 0) linksTo[product.slug] = [...[...offered].sort(), ...(linksTo[product.slug] ?? [])];
  }

  return {
    format: SNAPSHOT_FORMAT,
    source: sourceContentDigest(projectRoot),
    environment: digest(JSON.stringify(BUILD_ENV.map((name) => env[name] ?? ''))),
    globals: digest(
      JSON.stringify({
        settings,
        // The footer's copyright year.
        year: copyrightYear(new Date(now)),
      }),
    ),
    categories: digest(JSON.stringify(counted)),
    authors: digest(JSON.stringify(authors)),
    posts: Object.fromEntries(posts.map((post) => [post.slug, digest(JSON.stringify(post))])),
    products: productDigests,
    linksTo,
  };
}

/**
 * The source tree by content, not by modification time: a fresh checkout (every Netlify build) has new times and the
 * same code, and must still be able to publish partially.
 */
export function sourceContentDigest(projectRoot: string): string {
  const hash = createHash('sha256');
  for (const { path } of sourceFiles(projectRoot)) hash.update(relative(projectRoot, path)).update('\0').update(readFileSync(path)).update('\0');
  return hash.digest('hex');
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}
