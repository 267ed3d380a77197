/**
 * Add by link (issue 11, point 2): the affiliate_links row first (its own transaction and audit entry, so a link
 * whose page never answers is still on record), then the page fetched through the safe fetcher and read, then the
 * product: active with the scraped fields, or the spec's fallback draft marked needs_review. A target the fetcher
 * refuses leaves only the link row and is answered 422 (see src/domain/admin/from-link.ts for why).
 */
import { eq, or, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../../db/client.ts';
import { affiliateLinks, products } from '../../../db/schema.ts';
import { detectAffiliatePlatform, type DetectedPlatform } from '../../domain/admin/affiliate-platform.ts';
import { draftWarning, fromLinkTexts, type ExistingProduct, type FromLinkAnswer } from '../../domain/admin/from-link.ts';
import { linkIdentity, linkSearchNeedle } from '../../domain/admin/link-identity.ts';
import { needsReviewReason } from '../../domain/admin/needs-review.ts';
import { createdSummary } from '../../domain/admin/product-audit.ts';
import { adminProductFromRow, productColumns } from '../../domain/admin/product-row.ts';
import { productSlugBase } from '../../domain/admin/product-slug.ts';
import { fallbackProductInput, productInputFromScrape, scrapeAttributes, type ScrapeRecord } from '../../domain/admin/scraped-product.ts';
import { sanitizeDescription } from '../html-sanitizer.ts';
import { notePriceCheck } from '../prices/price-checks.ts';
import { appendAudit, type AuditActor } from './audit.ts';
import { uncategorizedId } from './categories.ts';
import { freeProductSlug } from './product-slugs.ts';
import { withSlugRetry } from './product-writes.ts';
import { scrapePage, type PageRead, type ScrapeOptions } from './scrape-page.ts';

/** A step that failed, answered `{ error: { title: 'Error processing affiliate link', description } }`. */
export class FromLinkError extends Error {
  readonly status: 422 | 500;
  readonly title = fromLinkTexts.failedTitle;
  readonly description: string;

  constructor(status: 422 | 500, description: string, options?: { cause?: unknown }) {
    super(description, options);
    this.status = status;
    this.description = description;
  }
}

/** The pasted link is already in the catalogue: answered 409 with the product that has it (nothing stored, nothing fetched). */
export class DuplicateLinkError extends Error {
  readonly existing: ExistingProduct;

  constructor(existing: ExistingProduct) {
    super(`The link is already in the catalogue as product ${existing.id}.`);
    this.existing = existing;
  }
}

/**
 * The product that already has this link: same retailer and product code, or the same address once tracking is
 * dropped (link-identity.ts). The database narrows the rows by a text every such link holds (the product code or the
 * path's last part, in its stored URL, its ASIN attribute or its link row's code); sameProductLink decides.
 */
export async function findProductWithLink(database: Database, url: string): Promise<ExistingProduct | null> {
  return database.run((db) => productWithLink(db, url));
}

/** findProductWithLink inside a transaction (or on a handle the caller already has). */
async function productWithLink(db: Db | Tx, url: string): Promise<ExistingProduct | null> {
  const identity = linkIdentity(url);
  const needle = linkSearchNeedle(url);
  if (identity === null || needle === null || needle === '') return null;
  const detected = detectAffiliatePlatform(url);
  const like = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      status: products.status,
      affiliateUrl: products.affiliateUrl,
      asin: sql<string | null>`json_extract(${products.attributes}, '$.asin')`,
      linkPlatform: affiliateLinks.platform,
      linkCode: affiliateLinks.platformProductId,
    })
    .from(products)
    .leftJoin(affiliateLinks, eq(affiliateLinks.id, products.affiliateLinkId))
    .where(
      or(
        sql`${products.affiliateUrl} like ${like} escape '\\'`,
        detected.productCode ? eq(affiliateLinks.platformProductId, detected.productCode) : undefined,
        detected.platform === 'amazon' && detected.productCode ? sql`upper(json_extract(${products.attributes}, '$.asin')) = ${detected.productCode}` : undefined,
      ),
    )
    .orderBy(products.id)
    .limit(200);
  const match = rows.find(
    (row) =>
      linkIdentity(row.affiliateUrl) === identity ||
      (detected.productCode !== null && row.linkPlatform === detected.platform && row.linkCode === detected.productCode) ||
      (detected.platform === 'amazon' && typeof row.asin === 'string' && row.asin.toUpperCase() === detected.productCode),
  );
  if (!match) return null;
  return { id: match.id, name: match.name, slug: match.slug, status: match.status ?? 'active', publicPath: `/product/${match.slug}` };
}

/** What an admin is told when the database refused a write: no driver internals, only that it can be retried. */
const SAVE_FAILED = 'The database could not save it. Try again.';

async function insertLink(database: Database, actor: AuditActor, url: string) {
  const detected = detectAffiliatePlatform(url);
  try {
    const link = await database.run((db) =>
      db.transaction(async (tx) => {
        const row = await tx
          .insert(affiliateLinks)
          .values({ userId: actor.id, originalUrl: url, platform: detected.platform, platformProductId: detected.productCode, status: 'active' })
          .returning()
          .get();
        await appendAudit(tx, actor, { action: 'affiliate_link.create', entityType: 'affiliate_link', entityId: row.id, summary: `Added the ${row.platform} link ${url}` });
        return row;
      }),
    );
    return { link, detected };
  } catch (error) {
    console.error('add by link: the affiliate link could not be stored', error);
    throw new FromLinkError(500, fromLinkTexts.linkFailed(SAVE_FAILED), { cause: error });
  }
}

async function insertProduct(tx: Tx, actor: AuditActor, url: string, detected: DetectedPlatform, linkId: number, page: PageRead & { refused?: false }) {
  const now = new Date();
  const scraped = page.ok ? page.product : null;
  const input = scraped ? productInputFromScrape(scraped, url) : fallbackProductInput(url);
  const record: ScrapeRecord = page.ok
    ? { outcome: page.product.source, url: page.url, at: now.toISOString() }
    : { outcome: page.code, message: page.message, url, at: now.toISOString() };
  const columns = productColumns(input, detected, null, now);
  const row = await tx
    .insert(products)
    .values({
      ...columns,
      attributes: { ...columns.attributes, ...scrapeAttributes(record, scraped) },
      description: sanitizeDescription(columns.description),
      // A draft whose name could not be read is addressed by its product code until the editor names it.
      slug: await freeProductSlug(tx, productSlugBase(input.name || detected.productCode || 'untitled-draft')),
      categoryId: await uncategorizedId(tx),
      affiliateLinkId: linkId,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .get();
  // A price read from the retailer's page is checked now; without one the price was never checked (shown as stale).
  if (scraped?.price != null && scraped.price > 0) {
    await notePriceCheck(tx, row.id, { price: row.price, salePrice: row.salePrice, inStock: row.inStock, source: 'retailer-page', checkedAt: now });
  }
  const product = adminProductFromRow(row);
  await appendAudit(tx, actor, {
    action: 'product.create',
    entityType: 'product',
    entityId: row.id,
    summary: `${createdSummary(product)} from a link${scraped ? '' : ` (draft: ${page.ok ? '' : page.message})`}`,
  });
  return row;
}

/**
 * Stores the link, reads its page and creates the product. Throws DuplicateLinkError when a product already has the
 * link (nothing stored), FromLinkError: 500 'Failed to create affiliate
 * link: …' or 'Failed to create product: …' when the database refuses, 422 'Failed to create product: {why}' when
 * the fetcher refuses the target (only the link row is then stored).
 */
export async function addProductFromLink(database: Database, actor: AuditActor, url: string, options: ScrapeOptions = {}): Promise<FromLinkAnswer> {
  const existing = await findProductWithLink(database, url);
  if (existing) throw new DuplicateLinkError(existing);
  const { link, detected } = await insertLink(database, actor, url);
  const page = await scrapePage(url, options);
  if (!page.ok && page.refused) throw new FromLinkError(422, fromLinkTexts.productFailed(page.message));

  let row;
  try {
    row = await withSlugRetry(() =>
      database.run((db) =>
        db.transaction(async (tx) => {
          // Asked again where the product is written: two pastes of one link read the page at the same time, and the
          // write transaction lets only one of them find no product.
          const pasted = await productWithLink(tx, url);
          if (pasted) throw new DuplicateLinkError(pasted);
          return insertProduct(tx, actor, url, detected, link.id, page);
        }),
      ),
    );
  } catch (error) {
    if (error instanceof DuplicateLinkError) {
      // The other paste won: its link row is the one kept, as when the link was found before reading the page.
      await database.run((db) => db.delete(affiliateLinks).where(eq(affiliateLinks.id, link.id)));
      throw error;
    }
    console.error('add by link: the product could not be stored', error);
    throw new FromLinkError(500, fromLinkTexts.productFailed(SAVE_FAILED), { cause: error });
  }
  const status = row.status ?? 'active';
  return {
    product: { id: row.id, slug: row.slug, name: row.name, status, publicPath: `/product/${row.slug}` },
    affiliateLink: { id: link.id, platform: link.platform, platformProductId: link.platformProductId, status: 'active' },
    scraped: page.ok,
    needsReview: needsReviewReason(row.attributes),
    failure: page.ok ? null : { code: page.code, message: page.message },
    warning: page.ok ? null : draftWarning({ code: page.code, message: page.message }, detected, row.name),
  };
}
