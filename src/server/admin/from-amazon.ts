/**
 * Add by link for an Amazon link. Amazon's pages are never fetched: the link gives the ASIN and marketplace (a short
 * link is followed by its redirects only), the Creators API gives the product's data when it is configured, and
 * without it the product is a draft carrying its ASIN, marketplace and canonical link, with a message that says what
 * to fill in. Every refusal (a link without a product, a short link that leads nowhere, an ASIN Amazon does not serve,
 * the API refusing or throttling the site) is a FromLinkError answered 4xx before anything is stored, and the link row
 * and its product are written in one transaction, so there is never half a product.
 */
import type { Database } from '../../../db/client.ts';
import { affiliateLinks, products } from '../../../db/schema.ts';
import { detectAffiliatePlatform } from '../../domain/admin/affiliate-platform.ts';
import { amazonAttributes, amazonDraftInput, productInputFromAmazonItem } from '../../domain/admin/amazon-product.ts';
import { fromLinkTexts, type FromLinkAnswer } from '../../domain/admin/from-link.ts';
import { needsReviewReason } from '../../domain/admin/needs-review.ts';
import { createdSummary } from '../../domain/admin/product-audit.ts';
import { adminProductFromRow, productColumns } from '../../domain/admin/product-row.ts';
import { productSlugBase } from '../../domain/admin/product-slug.ts';
import { amazonDraftWarning, type AmazonItem } from '../../domain/amazon-item.ts';
import type { CreatorsClient } from '../amazon/creators-client.ts';
import { CreatorsApiError, creatorsClient, fetchAmazonItems } from '../amazon/items.ts';
import { resolveAmazonLink, type FollowOptions } from '../amazon/short-link.ts';
import { sanitizeDescription } from '../html-sanitizer.ts';
import { notePriceCheck } from '../prices/price-checks.ts';
import { appendAudit, type AuditActor } from './audit.ts';
import { uncategorizedId } from './categories.ts';
import { DuplicateLinkError, FromLinkError, SAVE_FAILED } from './from-link-errors.ts';
import { findProductWithLink, productWithLink } from './link-lookup.ts';
import { freeProductSlug } from './product-slugs.ts';
import { withSlugRetry } from './product-writes.ts';

export interface AmazonFromLinkOptions extends FollowOptions {
  /** The Creators API client to ask; defaults to the configured one (none: the product is a draft). */
  amazonClient?: CreatorsClient | null;
}

/** The item Amazon serves for the ASIN, null without credentials; a FromLinkError when Amazon refuses. */
async function itemFor(asin: string, marketplace: string, client: CreatorsClient | null): Promise<AmazonItem | null> {
  if (!client) return null;
  try {
    const result = (await fetchAmazonItems([asin], { marketplace, client })).get(asin);
    if (!result) throw new FromLinkError(422, `Amazon's Creators API said nothing about ${asin}.`);
    if (!result.ok) throw new FromLinkError(422, result.error.message);
    return result.item;
  } catch (error) {
    if (error instanceof CreatorsApiError) throw new FromLinkError(error.kind === 'throttled' ? 429 : 422, error.message, { cause: error, retryAfterMs: error.retryAfterMs });
    throw error;
  }
}

export async function addAmazonProductFromLink(database: Database, actor: AuditActor, url: string, options: AmazonFromLinkOptions = {}): Promise<FromLinkAnswer> {
  const resolution = await resolveAmazonLink(url, options);
  if (resolution === null) throw new FromLinkError(422, 'This link is not on an Amazon store the site knows: paste the product page’s link from amazon.com or a regional Amazon store.');
  if (!resolution.ok) throw new FromLinkError(422, resolution.message);
  const { link } = resolution;
  const existing = await findProductWithLink(database, link.canonicalUrl);
  if (existing) throw new DuplicateLinkError(existing);

  const item = await itemFor(link.asin, link.marketplace, options.amazonClient === undefined ? creatorsClient() : options.amazonClient);
  // A short link's path says nothing about the product; a store link's title slug may name it.
  const input = item ? productInputFromAmazonItem(item, link) : amazonDraftInput(link, resolution.shortLink ? link.canonicalUrl : url);
  const detected = detectAffiliatePlatform(link.canonicalUrl);
  const now = new Date();

  let written;
  try {
    written = await withSlugRetry(() =>
      database.run((db) =>
        db.transaction(async (tx) => {
          // Asked again where the product is written: two pastes of one product may be read at the same time.
          const pasted = await productWithLink(tx, link.canonicalUrl);
          if (pasted) throw new DuplicateLinkError(pasted);
          const linkRow = await tx
            .insert(affiliateLinks)
            .values({ userId: actor.id, originalUrl: url, platform: 'amazon', platformProductId: link.asin, status: 'active' })
            .returning()
            .get();
          await appendAudit(tx, actor, { action: 'affiliate_link.create', entityType: 'affiliate_link', entityId: linkRow.id, summary: `Added the amazon link ${url}` });
          const columns = productColumns(input, detected, null, now);
          const row = await tx
            .insert(products)
            .values({
              ...columns,
              attributes: { ...columns.attributes, ...amazonAttributes(link, item) },
              description: sanitizeDescription(columns.description),
              slug: await freeProductSlug(tx, productSlugBase(input.name || link.asin)),
              categoryId: await uncategorizedId(tx),
              affiliateLinkId: linkRow.id,
              createdAt: now,
              updatedAt: now,
            })
            .returning()
            .get();
          // The price Amazon's API gave is a check of it, stamped now; a draft without one has no price to stamp.
          if (item && row.price > 0) {
            await notePriceCheck(tx, row.id, { price: row.price, salePrice: row.salePrice, inStock: row.inStock, source: 'creators-api', checkedAt: now });
          }
          await appendAudit(tx, actor, {
            action: 'product.create',
            entityType: 'product',
            entityId: row.id,
            summary: `${createdSummary(adminProductFromRow(row))} from an Amazon link (${item ? "Creators API" : 'draft: the Creators API is not configured'})`,
          });
          return { row, linkRow };
        }),
      ),
    );
  } catch (error) {
    if (error instanceof DuplicateLinkError) throw error;
    console.error('add by link: the Amazon product could not be stored', error);
    throw new FromLinkError(500, fromLinkTexts.productFailed(SAVE_FAILED), { cause: error });
  }

  const { row, linkRow } = written;
  const warning = item
    ? row.status === 'draft'
      ? `Amazon's Creators API gave no ${item.title ? 'price' : 'title'} for ASIN ${link.asin} (${link.marketplace}): saved as a draft. Fill in what is missing in the editor before publishing.`
      : null
    : amazonDraftWarning(link.asin, link.marketplace);
  return {
    product: { id: row.id, slug: row.slug, name: row.name, status: row.status ?? 'active', publicPath: `/product/${row.slug}` },
    affiliateLink: { id: linkRow.id, platform: 'amazon', platformProductId: link.asin, status: 'active' },
    scraped: item !== null,
    needsReview: needsReviewReason(row.attributes),
    failure: null,
    warning,
  };
}
