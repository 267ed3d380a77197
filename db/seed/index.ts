/**
 * Demo content for an empty database: categories, a deterministic catalogue with
 * affiliate links, blog posts, the hero setting and (optionally) an admin account.
 * Everything is written in one transaction, so a failed seed leaves nothing behind.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database, Db } from '../client.ts';
import {
  affiliateLinks,
  authors,
  blogPosts,
  bookmarks,
  categories,
  clicks,
  conversions,
  productAnalytics,
  products,
  settings,
  users,
  wishlists,
  type NewProduct,
} from '../schema.ts';
import { seedAuthors, seedBylines } from './authors.ts';
import { loadBlogPosts, type SeedPost } from './blog.ts';
import { seedCategories } from './categories.ts';
import { generateHistory, type HistoryPost } from './history.ts';
import { seedPriceChecks } from './prices.ts';
import { generateProducts, type GeneratedProduct } from './products.ts';
import { generateReviews, REVIEWER_SLUGS } from './reviews.ts';
import { generateRoundups } from './roundups.ts';

export { generateProducts, type CategoryRef, type GeneratedAffiliateLink, type GeneratedProduct } from './products.ts';
export { seedCategories, categorySlugs, type CategorySlug } from './categories.ts';
export { loadBlogPosts, type SeedPost } from './blog.ts';

export const DEFAULT_PRODUCT_COUNT = 640;

export const heroSetting = {
  id: 'hero_image',
  value: { type: 'image', url: '/images/hero.svg', alt: 'Soft abstract shapes in calm greens and blues suggesting a bright home workout space' },
} as const;

export interface SeedOptions {
  /** Defaults to 640. */
  productCount?: number;
  /** Timestamps (created dates, deal ends, publication dates) are relative to it. Defaults to now. */
  now?: Date;
  /**
   * Creates this admin unless a user with the e-mail exists. The caller hashes the password
   * (src/server/seed-admin.ts), so the seed never needs server code.
   */
  admin?: { email: string; passwordHash: string };
  /**
   * A site to start for real: the categories and the hero setting the pages need, and no demo products, posts or
   * statistics (`npm run seed -- --empty`).
   */
  empty?: boolean;
}

export interface SeedResult {
  /** created is false when an account with the e-mail already existed and was left as it was. */
  admin?: { email: string; created: boolean };
  counts: { categories: number; products: number; posts: number; events: number; conversions: number };
}

/** Rows per INSERT: about 20 columns a product keeps each statement far below SQLite's variable limit. */
const BATCH = 500;

/** True when there are no products, categories, posts or users. */
export async function isDatabaseEmpty(database: Database): Promise<boolean> {
  return database.run(async (db) => {
    const found = await Promise.all([
      db.select({ id: products.id }).from(products).limit(1),
      db.select({ id: categories.id }).from(categories).limit(1),
      db.select({ id: blogPosts.id }).from(blogPosts).limit(1),
      db.select({ id: users.id }).from(users).limit(1),
    ]);
    return found.every((rows) => rows.length === 0);
  });
}

/** Deletes catalogue, blog and settings rows (and what hangs off them); users and sessions stay. */
export async function clearDemoContent(database: Database): Promise<void> {
  await database.run((db) =>
    db.transaction(async (tx) => {
      await tx.delete(productAnalytics);
      await tx.delete(conversions);
      await tx.delete(clicks);
      await tx.delete(wishlists);
      await tx.delete(bookmarks);
      await tx.delete(products);
      await tx.delete(affiliateLinks);
      await tx.delete(categories);
      await tx.delete(blogPosts);
      await tx.delete(authors);
      await tx.delete(settings);
    }),
  );
}

export async function seedDemoContent(database: Database, options: SeedOptions = {}): Promise<SeedResult> {
  const now = options.now ?? new Date();
  const productCount = options.empty ? 0 : (options.productCount ?? DEFAULT_PRODUCT_COUNT);
  const posts = options.empty ? [] : loadBlogPosts(now);
  const admin = options.admin ? await prepareAdmin(database, options.admin) : undefined;
  let history = { events: 0, conversions: 0 };
  let roundups = 0;

  await database.run((db) =>
    db.transaction(async (tx) => {
      if (admin?.create) await tx.insert(users).values(admin.create);
      const categoryRows = await tx
        .insert(categories)
        .values(seedCategories.map((category) => ({ ...category, createdAt: now, updatedAt: now })))
        .returning({ id: categories.id, slug: categories.slug });
      await insertProducts(tx, generateProducts(productCount, now, categoryRows), admin?.id ?? null);
      await insertPriceChecks(tx, now);
      const authorIds = posts.length > 0 ? await insertAuthors(tx, now) : new Map<string, number>();
      if (posts.length > 0) {
        await tx.insert(blogPosts).values(posts.map((post) => ({ ...post, authorId: admin?.id ?? null, ...bylineOf(post, authorIds, now) })));
      }
      if (productCount > 0) history = await insertHistory(tx, posts, now);
      // Roundups are blog posts built from reviewed products: only with the blog and a catalogue.
      if (productCount > 0) roundups = await insertReviews(tx, now, posts.length > 0 ? authorIds : undefined);
      await tx
        .insert(settings)
        .values({ ...heroSetting, updatedAt: now })
        .onConflictDoUpdate({ target: settings.id, set: { value: heroSetting.value, updatedAt: now } });
    }),
  );

  return {
    admin: admin && { email: admin.email, created: admin.create !== undefined },
    counts: { categories: seedCategories.length, products: productCount, posts: posts.length + roundups, ...history },
  };
}

interface PreparedAdmin {
  id: string;
  email: string;
  /** The row to insert, absent when the account already exists. */
  create?: typeof users.$inferInsert;
}

async function prepareAdmin(database: Database, wanted: { email: string; passwordHash: string }): Promise<PreparedAdmin> {
  const email = wanted.email.trim().toLowerCase();
  const [existing] = await database.run((db) => db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1));
  if (existing) return { id: existing.id, email };
  const id = randomUUID();
  return { id, email, create: { id, email, passwordHash: wanted.passwordHash, displayName: 'Admin', role: 'admin' } };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The demo authors (authors.ts), by slug → id. */
async function insertAuthors(tx: Tx, now: Date): Promise<Map<string, number>> {
  const rows = await tx
    .insert(authors)
    .values(seedAuthors.map((author) => ({ ...author, createdAt: now, updatedAt: now })))
    .returning({ id: authors.id, slug: authors.slug });
  return new Map(rows.map((row) => [row.slug, row.id]));
}

/** A demo post's byline and dates: revised posts were saved again some days after publishing (never after now). */
function bylineOf(post: SeedPost, authorIds: ReadonlyMap<string, number>, now: Date) {
  const byline = seedBylines[post.slug];
  const created = post.publishedAt ?? now;
  const revised = byline?.revisedDaysAfter ? Math.min(now.getTime(), created.getTime() + byline.revisedDaysAfter * 86_400_000) : created.getTime();
  return { bylineAuthorId: byline ? (authorIds.get(byline.author) ?? null) : null, createdAt: created, updatedAt: new Date(revised) };
}

/**
 * Links first (their ids are needed), then products, a batch at a time. Demo product i is always id i + 1, also after
 * `--force` (AUTOINCREMENT would otherwise count on from the cleared rows): the guides in git reference demo products
 * by id (content/guides), and a larger catalogue extends a smaller one (products.ts), so a reference to id k holds for
 * every seed of at least k products.
 */
async function insertProducts(tx: Tx, generated: readonly GeneratedProduct[], userId: string | null): Promise<void> {
  for (let start = 0; start < generated.length; start += BATCH) {
    const batch = generated.slice(start, start + BATCH);
    const links = await tx
      .insert(affiliateLinks)
      .values(batch.map(({ affiliateLink, product }) => ({ ...affiliateLink, userId, createdAt: product.createdAt })))
      .returning({ id: affiliateLinks.id, originalUrl: affiliateLinks.originalUrl });
    // RETURNING order is not guaranteed by SQLite, so links are matched by their (unique) URL.
    const linkIds = new Map(links.map((link) => [link.originalUrl, link.id]));
    const rows: NewProduct[] = batch.map(({ product }, offset) => ({ ...product, id: start + offset + 1, affiliateLinkId: linkIds.get(product.affiliateUrl) ?? null }));
    await tx.insert(products).values(rows);
  }
}

/** Each product's price history and its last check's time and source (prices.ts), one statement per few thousand rows. */
async function insertPriceChecks(tx: Tx, now: Date): Promise<void> {
  const catalogue = await tx
    .select({ id: products.id, slug: products.slug, price: products.price, salePrice: products.salePrice, inStock: products.inStock, affiliateSource: products.affiliateSource })
    .from(products);
  const checks = catalogue.flatMap((product) => seedPriceChecks(product, now.getTime()));
  for (let start = 0; start < checks.length; start += EVENT_BATCH) {
    const batch = checks.slice(start, start + EVENT_BATCH);
    await tx.run(sql`INSERT INTO price_checks (product_id, price, sale_price, in_stock, source, checked_at)
      SELECT json_extract(value, '$.productId'), json_extract(value, '$.price'), json_extract(value, '$.salePrice'),
        json_extract(value, '$.inStock'), json_extract(value, '$.source'), json_extract(value, '$.checkedAt')
      FROM json_each(${JSON.stringify(batch.map((check) => ({ ...check, inStock: check.inStock ? 1 : 0 })))})`);
  }
  // The newest check of each product is its stamp.
  await tx.run(sql`UPDATE products SET
      price_checked_at = (SELECT max(checked_at) FROM price_checks WHERE price_checks.product_id = products.id),
      price_source = (SELECT source FROM price_checks WHERE price_checks.product_id = products.id ORDER BY checked_at DESC LIMIT 1)`);
}

/** Editorial reviews for a share of the products (reviews.ts), naming the demo authors that exist by now. */
/** The demo reviews, then (given the authors, for bylines) the demo roundups, whose picks get a review if they had none; answers how many roundups. */
async function insertReviews(tx: Tx, now: Date, authorIds?: ReadonlyMap<string, number>): Promise<number> {
  const found = await tx.select({ id: authors.id, slug: authors.slug }).from(authors).where(inArray(authors.slug, [...REVIEWER_SLUGS]));
  const reviewerIds = REVIEWER_SLUGS.map((slug) => found.find((author) => author.slug === slug)?.id ?? null).filter((id) => id !== null);
  const catalogue = await tx
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      price: products.price,
      rating: products.rating,
      categoryId: products.categoryId,
      categorySlug: categories.slug,
      inStock: products.inStock,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .orderBy(products.id);
  const reviews = generateReviews(catalogue, now, reviewerIds);
  const { roundups, addedReviews } = authorIds ? generateRoundups(catalogue, reviews, now, reviewerIds) : { roundups: [], addedReviews: new Map() };
  const rows = [...reviews, ...addedReviews].map(([id, review]) => ({ id, review }));
  for (let start = 0; start < rows.length; start += EVENT_BATCH) {
    await tx.run(sql`UPDATE ${products} SET review = r.value ->> '$.review'
      FROM json_each(${JSON.stringify(rows.slice(start, start + EVENT_BATCH))}) AS r WHERE ${products.id} = r.value ->> '$.id'`);
  }
  if (roundups.length > 0) {
    await tx.insert(blogPosts).values(roundups.map(({ byline, ...post }) => ({ ...post, bylineAuthorId: authorIds?.get(byline) ?? null })));
  }
  return roundups.length;
}

/** Rows per INSERT … SELECT FROM json_each: one parameter a statement, so only memory bounds it. */
const EVENT_BATCH = 20_000;

/**
 * The traffic history as event and conversion rows (history.ts), then each product's stored counters recomputed from
 * them (click_count: counted clicks; conversion_count and revenue_cents: pending and approved conversions), so the
 * counters are a roll-up of the rows and never a second, different story.
 */
async function insertHistory(tx: Tx, posts: readonly HistoryPost[], now: Date): Promise<{ events: number; conversions: number }> {
  const catalogue = await tx
    .select({
      id: products.id,
      slug: products.slug,
      price: products.price,
      salePrice: products.salePrice,
      commissionRate: products.commissionRate,
      affiliateUrl: products.affiliateUrl,
      affiliateSource: products.affiliateSource,
      createdAt: products.createdAt,
    })
    .from(products)
    .orderBy(products.id);
  const history = generateHistory(catalogue, posts, now);
  // Filling the table and then building its indexes (one sort each) is several times faster than keeping two indexes
  // in order through 300,000 inserts in random time order. The indexes are rebuilt from their own stored definitions.
  const indexes = await tx.all<{ name: string; sql: string }>(
    sql`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'product_analytics' AND sql IS NOT NULL`,
  );
  for (const index of indexes) await tx.run(sql.raw(`DROP INDEX "${index.name.replaceAll('"', '""')}"`));
  for (let start = 0; start < history.events.length; start += EVENT_BATCH) {
    await tx.run(sql`INSERT INTO ${productAnalytics} (product_id, event_type, page_path, created_at, viewed)
      SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4 FROM json_each(${JSON.stringify(history.events.slice(start, start + EVENT_BATCH))})`);
  }
  for (const index of indexes) await tx.run(sql.raw(index.sql));
  const nowMs = now.getTime();
  for (let start = 0; start < history.conversions.length; start += EVENT_BATCH) {
    await tx.run(sql`INSERT INTO ${conversions} (network, transaction_id, product_id, page_path, status, sale_cents, commission_cents, currency, source, occurred_at, created_at, updated_at)
      SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6, 'USD', 'report', value ->> 7, ${nowMs}, ${nowMs}
      FROM json_each(${JSON.stringify(history.conversions.slice(start, start + EVENT_BATCH))})`);
  }
  await tx.run(sql`UPDATE ${products} SET
    click_count = (SELECT count(*) FROM ${productAnalytics} AS pa WHERE pa.product_id = ${products.id} AND pa.event_type = 'click'),
    conversion_count = coalesce(c.n, 0), revenue_cents = coalesce(c.commission, 0)
    FROM (SELECT p.id AS id, sum(cv.status <> 'reversed') AS n, sum(CASE WHEN cv.status <> 'reversed' THEN cv.commission_cents ELSE 0 END) AS commission
      FROM ${products} AS p LEFT JOIN ${conversions} AS cv ON cv.product_id = p.id GROUP BY p.id) AS c
    WHERE c.id = ${products.id}`);
  return { events: history.events.length, conversions: history.conversions.length };
}
