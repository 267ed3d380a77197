/**
 * Add by link: the affiliate_links row first (its own transaction and audit entry, so a link
 * whose page never answers is still on record), then the page fetched through the safe fetcher and read, then the
 * product: active with the scraped fields, or the spec's fallback draft marked needs_review. A target the fetcher
 * refuses leaves only the link row and is answered 422 (see src/domain/admin/from-link.ts for why).
 */
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.ts';
import { affiliateLinks, products } from '../../../db/schema.ts';
import { detectAffiliatePlatform, type DetectedPlatform } from '../../domain/admin/affiliate-platform.ts';
import { draftWarning, fromLinkTexts, type FromLinkAnswer } from '../../domain/admin/from-link.ts';
import { needsReviewReason } from '../../domain/admin/needs-review.ts';
import { createdSummary } from '../../domain/admin/product-audit.ts';
import { adminProductFromRow, productColumns } from '../../domain/admin/product-row.ts';
import { productSlugBase } from '../../domain/admin/product-slug.ts';
import { fallbackProductInput, productInputFromScrape, scrapeAttributes, type ScrapeRecord } from '../../domain/admin/scraped-product.ts';
import { sanitizeDescription } from '../html-sanitizer.ts';
import { notePriceCheck } from '../prices/price-checks.ts';
import { appendAudit, type AuditActor } from './audit.ts';
import { uncategorizedId } from './categories.ts';
import { addAmazonProductFromLink, type AmazonFromLinkOptions } from './from-amazon.ts';
import { DuplicateLinkError, FromLinkError, SAVE_FAILED } from './from-link-errors.ts';
import { findProductWithLink, productWithLink } from './link-lookup.ts';
import { freeProductSlug } from './product-slugs.ts';
import { withSlugRetry } from './product-writes.ts';
import { scrapePage, type PageRead, type ScrapeOptions } from './scrape-page.ts';

export { DuplicateLinkError, FromLinkError } from './from-link-errors.ts';
export { findProductWithLink } from './link-lookup.ts';


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

export type AddFromLinkOptions = ScrapeOptions & AmazonFromLinkOptions;

/**
 * Stores the link, reads its page and creates the product (an Amazon link: from-amazon.ts). Throws DuplicateLinkError when a product already has the
 * link (nothing stored), FromLinkError: 500 'Failed to create affiliate
 * link: …' or 'Failed to create product: …' when the database refuses, 422 'Failed to create product: {why}' when
 * the fetcher refuses the target (only the link row is then stored).
 */
export async function addProductFromLink(database: Database, actor: AuditActor, url: string, options: AddFromLinkOptions = {}): Promise<FromLinkAnswer> {
  // Amazon's pages are never scraped: their data comes from the Creators API, or the product is a draft (from-amazon.ts).
  if (detectAffiliatePlatform(url).platform === 'amazon') return addAmazonProductFromLink(database, actor, url, options);
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
