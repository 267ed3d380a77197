/**
 * The map of Repwell's data (spec section 3, plus what the product needs to run).
 *
 * Conventions: integer primary keys; timestamps are `timestamp_ms` Date columns;
 * JSON columns use drizzle's JSON text mode; money shown to shoppers (prices) is a
 * REAL in dollars, money that accumulates (revenue) is an INTEGER in cents so that
 * atomic `+` never drifts. The spec's user_profiles live on `users` (one row a person).
 */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { EditorialReview, Roundup } from '../src/domain/editorial/types.ts';

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .$defaultFn(() => new Date());
const updatedAt = () =>
  integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());

export const roles = ['user', 'admin'] as const;
export type Role = (typeof roles)[number];

export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  /** Stored lower-cased and trimmed; compared as stored. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  displayName: text('display_name'),
  role: text('role', { enum: roles }).notNull().default('user'),
  createdAt: createdAt(),
});
export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** Lucia-guide sessions: the cookie carries `id.secret`; only SHA-256(secret) is stored. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    createdAt: createdAt(),
    /** Sliding expiry; the absolute limit is derived from createdAt. */
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
export type Session = typeof sessions.$inferSelect;

/**
 * Sign-in tries per throttle key, kept in the database so every process sees them (sign-in-throttle.ts).
 * An account's unknown clients share `account:<email>`; a client with a valid device cookie for the
 * account has its own `device:<nonce>`. A try is counted before its password is checked and the row is
 * deleted on success; rows whose streak ended more than FAILURE_WINDOW_MS ago are purged.
 */
export const signInAttempts = sqliteTable(
  'sign_in_attempts',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull().default(0),
    lastAttemptAt: integer('last_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    lockedUntil: integer('locked_until', { mode: 'timestamp_ms' }),
  },
  (t) => [index('sign_in_attempts_last_idx').on(t.lastAttemptAt)],
);

/**
 * Fixed-window request counters per rule and client (rate-limit.ts). `key` is `<rule>:<client key>`,
 * the client key an HMAC of the network address, so no address is stored; rows are purged once
 * their window has ended.
 */
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: integer('window_start', { mode: 'timestamp_ms' }).notNull(),
    hits: integer('hits').notNull(),
    /** The hits of the window before window_start (0 when that window saw none): the sliding window's weighted part. */
    previousHits: integer('previous_hits').notNull().default(0),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

/** Random keys the server generates for itself when the environment gives none (secrets.ts). Never sent to a client. */
export const serverSecrets = sqliteTable('server_secrets', {
  id: text('id').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const categories = sqliteTable(
  'categories',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description'),
    showInNavigation: integer('show_in_navigation', { mode: 'boolean' }).notNull().default(true),
    navigationOrder: integer('navigation_order'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('categories_nav_idx').on(t.showInNavigation, t.navigationOrder)],
);
export type Category = typeof categories.$inferSelect;
export type NewCategory = typeof categories.$inferInsert;

export const affiliatePlatforms = ['amazon', 'rakuten', 'ebay', 'walmart', 'other', 'generic'] as const;
export const affiliateLinkStatuses = ['active', 'pending', 'completed'] as const;

export const affiliateLinks = sqliteTable(
  'affiliate_links',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    originalUrl: text('original_url').notNull(),
    platform: text('platform', { enum: affiliatePlatforms }).notNull().default('generic'),
    /** The platform's own product code (an ASIN on Amazon); the spec calls it product_id. */
    platformProductId: text('platform_product_id'),
    status: text('status', { enum: affiliateLinkStatuses }).notNull().default('active'),
    createdAt: createdAt(),
  },
  (t) => [index('affiliate_links_user_idx').on(t.userId)],
);
export type AffiliateLink = typeof affiliateLinks.$inferSelect;

export const productStatuses = ['draft', 'active', 'published'] as const;

/** Who last checked a product's price and stock (src/domain/prices/price-check.ts). */
export const priceCheckSources = ['creators-api', 'retailer-page', 'import', 'admin'] as const;
export type PriceCheckSource = (typeof priceCheckSources)[number];
export type ProductStatus = (typeof productStatuses)[number];

/** Free-form maps whose known keys are listed in spec section 3. */
export type ProductAttributes = Record<string, unknown>;
export type ProductSpecifications = Record<string, unknown>;

export const products = sqliteTable(
  'products',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    affiliateLinkId: integer('affiliate_link_id').references(() => affiliateLinks.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    /** Sanitized HTML. */
    description: text('description').notNull().default(''),
    price: real('price').notNull().default(0),
    salePrice: real('sale_price'),
    imageUrl: text('image_url'),
    rating: real('rating'),
    availability: integer('availability', { mode: 'boolean' }).notNull().default(true),
    inStock: integer('in_stock', { mode: 'boolean' }).notNull().default(true),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    affiliateUrl: text('affiliate_url').notNull(),
    affiliateSource: text('affiliate_source').notNull().default('amazon'),
    commissionRate: real('commission_rate'),
    specifications: text('specifications', { mode: 'json' }).$type<ProductSpecifications>().notNull().default({}),
    attributes: text('attributes', { mode: 'json' }).$type<ProductAttributes>().notNull().default({}),
    /** Virtual columns over attributes, so CSV matching and Top Picks can use an index. */
    sku: text('sku').generatedAlwaysAs(sql`json_extract(attributes, '$.sku')`, { mode: 'virtual' }),
    isFeatured: integer('is_featured', { mode: 'boolean' }).generatedAlwaysAs(sql`coalesce(json_extract(attributes, '$.is_featured'), 0)`, {
      mode: 'virtual',
    }),
    asin: text('asin').generatedAlwaysAs(sql`json_extract(attributes, '$.asin')`, { mode: 'virtual' }),
    /**
     * attributes.status folded to draft, active or published (the spec writes 'Published'; a missing status is
     * active). Drafts never reach a public page; the admin list filters on it.
     */
    status: text('status', { enum: productStatuses }).generatedAlwaysAs(
      sql`case lower(coalesce(json_extract(attributes, '$.status'), 'active')) when 'draft' then 'draft' when 'published' then 'published' else 'active' end`,
      { mode: 'virtual' },
    ),
    clickCount: integer('click_count').notNull().default(0),
    conversionCount: integer('conversion_count').notNull().default(0),
    revenueCents: integer('revenue_cents').notNull().default(0),
    /**
     * When the price shown was last confirmed, and by what: pages stamp the price with it and hide a price older than
     * the stale limit. Null: never checked (a row from before prices carried their age), shown as stale.
     */
    priceCheckedAt: integer('price_checked_at', { mode: 'timestamp_ms' }),
    priceSource: text('price_source', { enum: priceCheckSources }),
    /** The last failed attempt to check the price since the last success (the admin's 'failing' filter); null when none. */
    priceCheckFailedAt: integer('price_check_failed_at', { mode: 'timestamp_ms' }),
    priceCheckError: text('price_check_error'),
    /** The site's own review of the product (verdict, pros and cons, score, award, reviewer); null when none. */
    review: text('review', { mode: 'json' }).$type<EditorialReview>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_price_checked_idx').on(t.priceCheckedAt),
    index('products_category_idx').on(t.categoryId),
    index('products_created_idx').on(t.createdAt),
    index('products_price_idx').on(t.price),
    index('products_rating_idx').on(t.rating),
    index('products_stock_idx').on(t.availability, t.inStock),
    index('products_affiliate_url_idx').on(t.affiliateUrl),
    index('products_sku_idx').on(t.sku),
    index('products_featured_idx').on(t.isFeatured),
    index('products_asin_idx').on(t.asin),
    index('products_status_idx').on(t.status),
  ],
);
export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;

/**
 * Each product's price history: one row per check (price, sale price, stock, by what, when), the last 30 kept. A row
 * with a null price recorded stock alone (a bulk stock change), so it never dates the price.
 */
export const priceChecks = sqliteTable(
  'price_checks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    price: real('price'),
    salePrice: real('sale_price'),
    inStock: integer('in_stock', { mode: 'boolean' }).notNull(),
    source: text('source', { enum: priceCheckSources }).notNull(),
    checkedAt: integer('checked_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('price_checks_product_idx').on(t.productId, t.checkedAt)],
);
export type PriceCheckRow = typeof priceChecks.$inferSelect;

export const analyticsEventTypes = ['view', 'click', 'conversion'] as const;
export type AnalyticsEventType = (typeof analyticsEventTypes)[number];

export const productAnalytics = sqliteTable(
  'product_analytics',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    eventType: text('event_type', { enum: analyticsEventTypes }).notNull(),
    revenueCents: integer('revenue_cents').notNull().default(0),
    /** The page path the event happened on (a click's page; a view's product page); null for events before issue 14. */
    pagePath: text('page_path'),
    /**
     * A click that followed a counted view of its product by the same client on the same UTC day, within the repeat
     * window (src/server/tracking.ts). A counted view pairs with at most one such click, so the click-through rate
     * (viewed clicks / views) can never pass 100 %; a click without a counted view (a blog post's buy link) still counts
     * as a click.
     */
    viewed: integer('viewed', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  // The dashboard's reads (issue 14, point 6; src/server/admin/analytics.ts) count index ranges instead of grouping
  // rows: per type and day (type_idx, which covers a click's page too) and per product, type and day (product_type_idx).
  // Measured with 1,000,000 events: all products' 90-day views and clicks in about 60 ms, against 0.5-2 s grouped.
  // product_type_idx also serves the cascade from products (it starts with product_id). Every read names a type, so an
  // index on (product_id, created_at) served none of them, and it cost each tracked event another page to write.
  (t) => [
    index('product_analytics_type_idx').on(t.eventType, t.createdAt, t.pagePath, t.viewed),
    index('product_analytics_product_type_idx').on(t.productId, t.eventType, t.createdAt, t.viewed),
  ],
);

/** The people behind the reviews: named on posts and product reviews, each with a public page of their articles. */
export const authors = sqliteTable('authors', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** Plain text, a few sentences. */
  bio: text('bio').notNull().default(''),
  photoUrl: text('photo_url'),
  /** Such as 'Senior editor' or 'Certified strength coach'. */
  role: text('role').notNull().default(''),
  /** The subjects they cover, such as 'Recovery'. */
  areas: text('areas', { mode: 'json' }).$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
export type Author = typeof authors.$inferSelect;
export type NewAuthor = typeof authors.$inferInsert;

/** An article, or a roundup ('The best {thing} of {year}') that adds its picks to the article. */
export const postKinds = ['article', 'roundup'] as const;
export type PostKind = (typeof postKinds)[number];

export const blogPosts = sqliteTable(
  'blog_posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    excerpt: text('excerpt').notNull().default(''),
    /** Sanitized HTML. */
    content: text('content').notNull().default(''),
    imageUrl: text('image_url'),
    /** Editorial category such as 'beginner' (the spec links /blog?category=beginner). */
    category: text('category'),
    published: integer('published', { mode: 'boolean' }).notNull().default(false),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The byline: the author the post names publicly (authorId is the account that wrote it in the admin panel). */
    bylineAuthorId: integer('byline_author_id').references(() => authors.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: postKinds }).notNull().default('article'),
    /** A roundup's picks and sections; null on an article. */
    roundup: text('roundup', { mode: 'json' }).$type<Roundup>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('blog_posts_published_idx').on(t.published, t.publishedAt), index('blog_posts_byline_idx').on(t.bylineAuthorId)],
);
export type BlogPost = typeof blogPosts.$inferSelect;
export type NewBlogPost = typeof blogPosts.$inferInsert;

export const bookmarks = sqliteTable(
  'bookmarks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('bookmarks_user_post_uq').on(t.userId, t.postId), index('bookmarks_user_created_idx').on(t.userId, t.createdAt)],
);

export const wishlists = sqliteTable(
  'wishlists',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('wishlists_user_product_uq').on(t.userId, t.productId), index('wishlists_user_created_idx').on(t.userId, t.createdAt)],
);

export const settings = sqliteTable('settings', {
  id: text('id').primaryKey(),
  value: text('value', { mode: 'json' }).$type<unknown>(),
  updatedAt: updatedAt(),
});

export const contactEmailStatuses = ['pending', 'sent', 'failed', 'not_configured'] as const;

/** Every message is stored before any e-mail is attempted, so none is lost. */
export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    emailStatus: text('email_status', { enum: contactEmailStatuses }).notNull().default('pending'),
    /**
     * A hash of the sender's network address, only for the flood limit (at most a few messages per
     * window). Cleared once the window has passed, so no lasting trace of an address is kept.
     */
    clientHash: text('client_hash'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt), index('contact_messages_client_idx').on(t.clientHash, t.createdAt)],
);
export type ContactMessageRow = typeof contactMessages.$inferSelect;

export const siteBuildStatuses = ['queued', 'building', 'succeeded', 'failed'] as const;
export type SiteBuildStatus = (typeof siteBuildStatuses)[number];

/** One row per rebuild of the static site, so the admin panel can show its state. */
export const siteBuilds = sqliteTable(
  'site_builds',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    status: text('status', { enum: siteBuildStatuses }).notNull().default('queued'),
    /** Why it was requested, e.g. 'product updated'. */
    reason: text('reason'),
    /** 'local' builder or 'netlify' build hook. */
    target: text('target').notNull().default('local'),
    requestedAt: integer('requested_at', { mode: 'timestamp_ms' })
      .notNull()
      .$defaultFn(() => new Date()),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
    error: text('error'),
    /** The last lines of a failed build's output, for the overview. */
    logTail: text('log_tail'),
  },
  (t) => [index('site_builds_requested_idx').on(t.requestedAt)],
);
export type SiteBuild = typeof siteBuilds.$inferSelect;

/**
 * Every admin write appends one row here, in the write's own transaction (ARCHITECTURE section 12), so the
 * overview can say who changed what and when. The e-mail is copied so a row still names its author after
 * the account is deleted.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: integer('at', { mode: 'timestamp_ms' })
      .notNull()
      .$defaultFn(() => new Date()),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    userEmail: text('user_email').notNull(),
    /** What was done, e.g. 'product.update' or 'products.bulk.publish'. */
    action: text('action').notNull(),
    /** The kind of thing changed: product, category, post, setting, build. */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    /** One line a person reads, e.g. 'Updated "Foam Roller Pro" (price)'. */
    summary: text('summary').notNull(),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_entity_idx').on(t.entityType, t.entityId)],
);
export type AuditLogRow = typeof auditLog.$inferSelect;

export const undoJobKinds = ['bulk', 'delete'] as const;
export type UndoJobKind = (typeof undoJobKinds)[number];

/**
 * What an undoable admin write changed, so Undo can put it back (src/server/admin/undo.ts). A bulk job keeps the prior
 * value of exactly the rows and the one field it changed (`changes`, src/domain/admin/undo.ts); a delete keeps the
 * products themselves in product_trash for a day. `undone_at` is set in the undo's own transaction, so a job is
 * undone once.
 */
/**
 * A product's earlier addresses: when an edit renames its slug, the old /product/{slug} answers 301 to the current one
 * (written into _redirects at build time, src/integrations/product-redirects.ts), so links shared and indexed keep
 * working. A slug taken again by a product of its own stops redirecting (the product's page wins).
 */
export const productSlugRedirects = sqliteTable(
  'product_slug_redirects',
  {
    oldSlug: text('old_slug').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('product_slug_redirects_product_idx').on(t.productId)],
);

export const undoJobs = sqliteTable(
  'undo_jobs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: undoJobKinds }).notNull(),
    /** The bulk action, or 'delete'. */
    action: text('action').notNull(),
    /** What was done, as the toast said it: 'Marked 78 products out of stock'. */
    summary: text('summary').notNull(),
    /** A bulk job's field changes (BulkJobChanges); null for a delete. */
    changes: text('changes', { mode: 'json' }).$type<unknown>(),
    /** The audit entry the write appended, so the overview's activity can offer Undo beside it. */
    auditId: integer('audit_id').references(() => auditLog.id, { onDelete: 'set null' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    undoneAt: integer('undone_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('undo_jobs_audit_idx').on(t.auditId), index('undo_jobs_created_idx').on(t.createdAt)],
);
export type UndoJobRow = typeof undoJobs.$inferSelect;

/**
 * Deleted products, kept for a day so a delete can be undone (soft delete). The product row and every row that
 * belonged to it are removed exactly as a delete removes them, so no page, list or query can show it; `snapshot` holds
 * those rows as stored (column name to raw value) to be written back with the same id, slug and data. Rows older than
 * a day are purged by the scheduled clean-up (src/server/jobs/trash-purge.ts).
 */
export const productTrash = sqliteTable(
  'product_trash',
  {
    productId: integer('product_id').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => undoJobs.id, { onDelete: 'cascade' }),
    snapshot: text('snapshot', { mode: 'json' }).$type<unknown>().notNull(),
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('product_trash_job_idx').on(t.jobId), index('product_trash_deleted_idx').on(t.deletedAt)],
);


/**
 * Tracking's daily random salts (ARCHITECTURE section 8). A client key is a hash of the salt with the
 * network address; a salt is deleted after two days, after which no stored key can be
 * linked to an address again.
 */
export const trackingSalts = sqliteTable('tracking_salts', {
  /** The UTC day, 'YYYY-MM-DD'. */
  day: text('day').primaryKey(),
  salt: text('salt').notNull(),
});

/**
 * Events counted in the last few minutes, so a repeat of the same event for the same product from the
 * same client is not counted again. `key` is SHA-256(day salt, address, product, event);
 * rows older than the repeat window are deleted.
 */
export const trackingRecentEvents = sqliteTable(
  'tracking_recent_events',
  {
    key: text('key').primaryKey(),
    seenAt: integer('seen_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('tracking_recent_events_seen_idx').on(t.seenAt)],
);

/**
 * One row per CSV import batch applied (issue 11, point 6), written in the batch's own transaction before its rows:
 * a batch sent again (a retry after a dropped connection, or the same request twice in parallel) finds its row,
 * changes nothing and answers the stored answer. The finish call reads the import's links and untitled products
 * from here.
 */
export const csvImportBatches = sqliteTable(
  'csv_import_batches',
  {
    importId: text('import_id').notNull(),
    batchIndex: integer('batch_index').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The batch's answer (csvImportBatchAnswerSchema), sent again to a repeat. */
    answer: text('answer', { mode: 'json' }).$type<unknown>().notNull(),
    /** affiliate_links created by the batch, 'pending' until the import finishes. */
    linkIds: text('link_ids', { mode: 'json' }).$type<number[]>().notNull().default([]),
    /** Products the batch created without a title, to be scraped when the import finishes. */
    untitledProductIds: text('untitled_product_ids', { mode: 'json' }).$type<number[]>().notNull().default([]),
    /** When the finish call completed the import's links; null before. */
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.batchIndex] }), index('csv_import_batches_created_idx').on(t.createdAt)],
);

export const pinStatuses = ['draft', 'scheduled', 'publishing', 'published', 'failed'] as const;
export const pinSourceTypes = ['product', 'post'] as const;

/**
 * Pins for the Pinterest publisher (issue 12). A pin outlives its source (the ids are set null when a product or post
 * is deleted; the name is copied), because a published pin stays on Pinterest.
 *
 * Never published twice: `idempotency_key` is made when the pin is created and travels in its link (utm_content);
 * the publisher sets status 'publishing' and `publishing_started_at` in its own write BEFORE it calls POST /v5/pins,
 * so a pin found 'publishing' after a crash is first looked for on its board by that key, and only sent again when
 * Pinterest has no pin carrying it (src/server/jobs/pinterest-publisher.ts).
 */
export const pins = sqliteTable(
  'pins',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sourceType: text('source_type', { enum: pinSourceTypes }).notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    postId: integer('post_id').references(() => blogPosts.id, { onDelete: 'set null' }),
    /** The product's or post's name when the pin was made, shown after the source is deleted. */
    sourceName: text('source_name').notNull().default(''),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    link: text('link').notNull(),
    isAffiliate: integer('is_affiliate', { mode: 'boolean' }).notNull().default(false),
    imageUrl: text('image_url').notNull(),
    altText: text('alt_text').notNull().default(''),
    boardId: text('board_id'),
    boardName: text('board_name'),
    status: text('status', { enum: pinStatuses }).notNull().default('draft'),
    publishAt: integer('publish_at', { mode: 'timestamp_ms' }),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
    pinterestPinId: text('pinterest_pin_id'),
    pinterestUrl: text('pinterest_url'),
    failureReason: text('failure_reason'),
    /** Tries that ended in a 5xx or a network error; at MAX_RETRIES + 1 the pin fails. */
    attempts: integer('attempts').notNull().default(0),
    /** After a 5xx or network error, the earliest next try. */
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }),
    /** Set with status 'publishing', before the request: a lease, and the mark a crashed run leaves. */
    publishingStartedAt: integer('publishing_started_at', { mode: 'timestamp_ms' }),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('pins_idempotency_key_uq').on(t.idempotencyKey),
    // The list: newest first, by status and by board.
    index('pins_status_created_idx').on(t.status, t.createdAt),
    index('pins_board_created_idx').on(t.boardId, t.createdAt),
    index('pins_created_idx').on(t.createdAt),
    // The scheduler: due scheduled pins in time order; sends of the last hour for the pace.
    index('pins_status_publish_at_idx').on(t.status, t.publishAt),
    index('pins_publishing_started_idx').on(t.publishingStartedAt),
    // "Every product and post without a pin yet".
    index('pins_product_idx').on(t.productId),
    index('pins_post_idx').on(t.postId),
  ],
);
export type PinRow = typeof pins.$inferSelect;
export type NewPinRow = typeof pins.$inferInsert;

export const linkHealthClassValues = ['ok', 'redirected', 'tag-lost', 'not-found', 'soft-not-found', 'out-of-stock', 'blocked', 'error'] as const;
export const linkCheckRunTriggers = ['schedule', 'manual'] as const;

/**
 * The link checker's history (issue 13, point 2): one row per check of a product's affiliate URL, kept so the admin
 * panel shows how a link changed. A product's rows go with it.
 */
export const linkChecks = sqliteTable(
  'link_checks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    runId: integer('run_id'),
    url: text('url').notNull(),
    checkedAt: integer('checked_at', { mode: 'timestamp_ms' }).notNull(),
    /** 'HEAD', 'GET' or 'HEAD+GET'. */
    method: text('method').notNull(),
    statusCode: integer('status_code'),
    finalUrl: text('final_url'),
    class: text('class', { enum: linkHealthClassValues }).notNull(),
    detail: text('detail').notNull().default(''),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('link_checks_product_idx').on(t.productId, t.checkedAt)],
);
export type LinkCheckRow = typeof linkChecks.$inferSelect;

/** Each product's current link state (src/domain/admin/link-health/state.ts): what the list, filter and overview read. */
export const linkHealth = sqliteTable(
  'link_health',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    lastClass: text('last_class', { enum: linkHealthClassValues }).notNull(),
    lastStatus: integer('last_status'),
    lastFinalUrl: text('last_final_url'),
    lastDetail: text('last_detail').notNull().default(''),
    lastCheckedAt: integer('last_checked_at', { mode: 'timestamp_ms' }).notNull(),
    consecutive: integer('consecutive').notNull().default(1),
    flagged: integer('flagged', { mode: 'boolean' }).notNull().default(false),
    acknowledgedClass: text('acknowledged_class', { enum: linkHealthClassValues }),
    acknowledgedFinalUrl: text('acknowledged_final_url'),
    acknowledgedAt: integer('acknowledged_at', { mode: 'timestamp_ms' }),
    nextCheckAt: integer('next_check_at', { mode: 'timestamp_ms' }).notNull(),
    backoffLevel: integer('backoff_level').notNull().default(0),
  },
  (t) => [index('link_health_class_idx').on(t.lastClass), index('link_health_flagged_idx').on(t.flagged), index('link_health_next_idx').on(t.nextCheckAt)],
);
export type LinkHealthRecord = typeof linkHealth.$inferSelect;

/**
 * The daily link health e-mail: one row per admin and UTC day, claimed (INSERT … ON CONFLICT DO NOTHING) before the
 * mail is sent, so two runs at once send it once. `status` is 'sending' until the mailer answers.
 */
export const linkHealthDigests = sqliteTable(
  'link_health_digests',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    status: text('status', { enum: ['sending', 'sent', 'failed'] }).notNull(),
    items: integer('items').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * The problems (product and class) already told to an admin in a digest, so each is mailed once. A row is removed
 * when the link no longer has that problem, so the same link breaking again later is news again.
 */
export const linkHealthMailed = sqliteTable(
  'link_health_mailed',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    class: text('class', { enum: linkHealthClassValues }).notNull(),
    day: text('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId, t.class] })],
);

/**
 * Runs of the checker, so a run over 10,000 links resumes where it stopped: `cursor` is the highest product id
 * finished in order, written after every batch. A manual run lists its products; a scheduled one covers all due
 * products. `leaseUntil` keeps two invocations (a timer and a background function) from working one run at once.
 */
export const linkCheckRuns = sqliteTable(
  'link_check_runs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    trigger: text('trigger', { enum: linkCheckRunTriggers }).notNull(),
    /** Product ids of a manual run; null for a scheduled run over every due product. */
    productIds: text('product_ids', { mode: 'json' }).$type<number[]>(),
    cursor: integer('cursor').notNull().default(0),
    total: integer('total').notNull().default(0),
    checked: integer('checked').notNull().default(0),
    counts: text('counts', { mode: 'json' }).$type<Record<string, number>>().notNull().default({}),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
    leaseUntil: integer('lease_until', { mode: 'timestamp_ms' }),
    requestedBy: text('requested_by'),
  },
  (t) => [index('link_check_runs_open_idx').on(t.finishedAt, t.id)],
);
export type LinkCheckRun = typeof linkCheckRuns.$inferSelect;

/**
 * Every outbound click that carried a click id (issue 14, point 1): the id the page made and put in the network's
 * sub-id slot, and what it links to, so a conversion reporting that id is attributed to the product and the page it
 * was clicked on. Stored for every non-bot, non-prefetch click, repeats included (a purchase may follow a repeat
 * click); what is *counted* is product_analytics. No address, user agent or cookie id is stored.
 */
export const clicks = sqliteTable(
  'clicks',
  {
    clickId: text('click_id').primaryKey(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    pagePath: text('page_path').notNull(),
    /** The ClickNetwork of the outbound URL (src/domain/revenue/click-id.ts); null for a retailer without one. */
    network: text('network'),
    createdAt: createdAt(),
  },
  (t) => [index('clicks_created_idx').on(t.createdAt), index('clicks_product_idx').on(t.productId, t.createdAt)],
);
export type ClickRow = typeof clicks.$inferSelect;

export const conversionStatusValues = ['pending', 'approved', 'reversed'] as const;
export const conversionSourceValues = ['postback', 'report'] as const;

/**
 * Conversions (issue 14, point 3), one row per (network, transaction id), whatever number of postbacks or report rows
 * told of it. `product_id` and `page_path` come from the click (or, for Amazon's report, the ASIN); null product is an
 * unattributed conversion, kept for the admin to reconcile. Money in integer cents. Pending and approved rows count in
 * the product's conversion_count and revenue_cents; reversed rows count nothing (src/domain/revenue/conversion-state.ts).
 */
export const conversions = sqliteTable(
  'conversions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** A PostbackNetwork, or 'amazon' (reports only). */
    network: text('network').notNull(),
    transactionId: text('transaction_id').notNull(),
    clickId: text('click_id'),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    pagePath: text('page_path'),
    status: text('status', { enum: conversionStatusValues }).notNull(),
    saleCents: integer('sale_cents').notNull().default(0),
    commissionCents: integer('commission_cents').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    /** How the latest change arrived. */
    source: text('source', { enum: conversionSourceValues }).notNull(),
    /** When the sale happened, as the network says; the receipt time when it says nothing. */
    occurredAt: integer('occurred_at', { mode: 'timestamp_ms' }).notNull(),
    /**
     * The signed `ts` of the newest signed postback applied to this row: a signed postback older than it is refused,
     * so a captured URL cannot undo a later change within its time window (src/domain/revenue/postback-time.ts).
     */
    signedAt: integer('signed_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('conversions_network_transaction_uq').on(t.network, t.transactionId),
    // Covers the dashboard's sums by day, product and page (src/server/admin/analytics.ts).
    index('conversions_occurred_idx').on(t.occurredAt, t.status, t.productId, t.pagePath, t.commissionCents, t.saleCents),
    index('conversions_product_idx').on(t.productId, t.occurredAt),
    index('conversions_click_idx').on(t.clickId),
  ],
);
export type ConversionRow = typeof conversions.$inferSelect;

/**
 * A network configured to send postbacks (issue 14, point 3): without a row its endpoint answers 404. The token in
 * the postback URL is stored only as its SHA-256 hash (shown once, when created or rotated). The HMAC secret, when the
 * network signs, must be kept as it is to verify signatures.
 */
export const revenueNetworks = sqliteTable('revenue_networks', {
  /** A PostbackNetwork. */
  network: text('network').primaryKey(),
  tokenHash: text('token_hash').notNull(),
  signatureSecret: text('signature_secret'),
  createdAt: createdAt(),
  rotatedAt: integer('rotated_at', { mode: 'timestamp_ms' }).notNull(),
});
export type RevenueNetworkRow = typeof revenueNetworks.$inferSelect;

/** The column mapping last used to import a network's report (issue 14, point 4), offered again next time. */
export const reportMappings = sqliteTable('report_mappings', {
  network: text('network').primaryKey(),
  mapping: text('mapping', { mode: 'json' }).$type<Record<string, string>>().notNull(),
  updatedAt: updatedAt(),
});
