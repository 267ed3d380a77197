/**
 * The CSV import's Amazon products: never scraped. After an import, the Amazon products created without a title are
 * filled from the Creators API (ten ASINs a request, within its rate limit), each update one transaction with its
 * audit entry, only the fields the row left empty. A short link in the row is followed by its redirects and replaced
 * by the canonical Amazon link (a short link loses the site's tag). Without credentials nothing is fetched and the
 * finish answer says why those products stay drafts (amazonImportNotice).
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { products } from '../../../db/schema.ts';
import { detectAffiliatePlatform } from '../../domain/admin/affiliate-platform.ts';
import { fillFromAmazonItem, type AmazonFilled } from '../../domain/admin/amazon-product.ts';
import { productSlugBase, slugFollowsName } from '../../domain/admin/product-slug.ts';
import type { AmazonProductLink } from '../../domain/amazon-asin.ts';
import { AMAZON_FIELDS_TO_FILL } from '../../domain/amazon-item.ts';
import type { CreatorsClient } from '../amazon/creators-client.ts';
import { amazonApiStatus, CreatorsApiError, creatorsClient, fetchAmazonItems, type AmazonItemResult } from '../amazon/items.ts';
import { resolveAmazonLink, type FollowOptions } from '../amazon/short-link.ts';
import { sanitizeDescription } from '../html-sanitizer.ts';
import { notePriceCheck } from '../prices/price-checks.ts';
import { appendAudit, type AuditAuthor } from './audit.ts';
import { freeProductSlug } from './product-slugs.ts';
import { withSlugRetry } from './product-writes.ts';

export interface AmazonImportOptions extends FollowOptions {
  /** Defaults to the configured client; null: not configured. */
  amazonClient?: CreatorsClient | null;
}

/** Whether a stored affiliate URL is Amazon's (its products are never scraped). */
export const isAmazonUrl = (url: string) => detectAffiliatePlatform(url).platform === 'amazon';

/** Fills the given Amazon products from the Creators API; counts of those filled and those left as they were. */
export async function fillImportedAmazonProducts(database: Database, ids: readonly number[], actor: AuditAuthor, options: AmazonImportOptions = {}): Promise<{ filled: number; failed: number }> {
  const client = options.amazonClient === undefined ? creatorsClient() : options.amazonClient;
  if (ids.length === 0) return { filled: 0, failed: 0 };
  const rows = await database.run((db) =>
    db
      .select({ id: products.id, affiliateUrl: products.affiliateUrl })
      .from(products)
      .where(sql`${products.id} in (select value from json_each(${JSON.stringify(ids)}))`),
  );
  const links = new Map<number, { link: AmazonProductLink; short: boolean }>();
  for (const row of rows) {
    const resolution = await resolveAmazonLink(row.affiliateUrl, options);
    if (resolution?.ok) links.set(row.id, { link: resolution.link, short: resolution.shortLink !== null });
  }
  const byMarketplace = new Map<string, string[]>();
  for (const { link } of links.values()) byMarketplace.set(link.marketplace, [...(byMarketplace.get(link.marketplace) ?? []), link.asin]);
  const results = new Map<string, AmazonItemResult>();
  for (const [marketplace, asins] of client ? byMarketplace : []) {
    try {
      for (const [asin, result] of await fetchAmazonItems(asins, { marketplace, client: client! })) results.set(`${marketplace}|${asin}`, result);
    } catch (error) {
      // A whole request refused (credentials, throttling, a malformed answer): those products stay as imported.
      if (!(error instanceof CreatorsApiError)) throw error;
      console.error(`Amazon data after import (${marketplace}): ${error.kind}: ${error.message}`);
    }
  }

  let filled = 0;
  for (const [id, { link, short }] of links) {
    const result = results.get(`${link.marketplace}|${link.asin}`);
    const item = result?.ok ? result.item : null;
    // Without Amazon's data, a short link is still worth replacing by the canonical link it leads to.
    if (!item && !short) continue;
    try {
      const done = await withSlugRetry(() =>
        database.run((db) =>
          db.transaction(async (tx) => {
            // Read again inside the write: an admin may have edited the product while Amazon was asked.
            const row = await tx.select().from(products).where(eq(products.id, id)).get();
            if (!row) return false;
            const changes: AmazonFilled = item ? fillFromAmazonItem(row, item, link, row.affiliateUrl) : { attributes: { ...row.attributes, asin: link.asin, marketplace: link.marketplace } };
            const renamed = changes.name !== undefined && slugFollowsName(row.slug, row.name);
            if (short) changes.attributes.asin = link.asin;
            await tx
              .update(products)
              .set({
                ...changes,
                description: changes.description === undefined ? undefined : sanitizeDescription(changes.description),
                affiliateUrl: short ? link.canonicalUrl : undefined,
                slug: renamed ? await freeProductSlug(tx, productSlugBase(changes.name!)) : undefined,
                updatedAt: new Date(),
              })
              .where(eq(products.id, id));
            if (item) {
              // What Amazon's API gave for price and stock is a check of them, stamped now.
              const filledRow = await tx.select({ price: products.price, salePrice: products.salePrice, inStock: products.inStock }).from(products).where(eq(products.id, id)).get();
              if (filledRow && filledRow.price > 0) await notePriceCheck(tx, id, { ...filledRow, source: 'creators-api', checkedAt: new Date() });
            }
            const fields = Object.keys(changes).filter((key) => key !== 'attributes');
            await appendAudit(tx, actor, {
              action: 'product.amazon',
              entityType: 'product',
              entityId: id,
              summary: item
                ? `Filled "${changes.name ?? row.name}" from Amazon's Creators API (ASIN ${link.asin}, ${link.marketplace})${fields.length > 0 ? `: ${fields.join(', ')}` : ''}`
                : `Followed the short link of product ${id} to ASIN ${link.asin} (${link.marketplace})`,
            });
            return item !== null;
          }),
        ),
      );
      if (done) filled += 1;
    } catch (error) {
      console.error(`Amazon data after import: product ${id} could not be updated`, error);
    }
  }
  return { filled, failed: ids.length - filled };
}

/**
 * The finish answer's note when Amazon products were imported without their data because the Creators API is not
 * configured; null when there are none or the API is configured.
 */
export async function amazonImportNotice(database: Database, ids: readonly number[]): Promise<string | null> {
  if (ids.length === 0 || amazonApiStatus().configured) return null;
  const rows = await database.run((db) =>
    db.select({ affiliateUrl: products.affiliateUrl }).from(products).where(sql`${products.id} in (select value from json_each(${JSON.stringify(ids)}))`),
  );
  const amazon = rows.filter((row) => isAmazonUrl(row.affiliateUrl)).length;
  if (amazon === 0) return null;
  const fields = `${AMAZON_FIELDS_TO_FILL.slice(0, -1).join(', ')} and ${AMAZON_FIELDS_TO_FILL.at(-1)}`;
  return `${amazon} Amazon ${amazon === 1 ? 'product was' : 'products were'} imported without Amazon's data: it needs Amazon's Creators API, which is not configured on this site (set AMAZON_CREATORS_CREDENTIAL_ID, AMAZON_CREATORS_CREDENTIAL_SECRET and AMAZON_CREATORS_CREDENTIAL_VERSION). Fill in the ${fields} in the editor, or give the rows a title and price.`;
}
