/**
 * The scrapes after a CSV import (issue 11, point 6; spec section 7: "called only when the row has no title and no
 * existing product; failure ignored"). Each product's affiliate URL is fetched through the safe fetcher and read;
 * what the page gives fills only the fields the row left empty, and the needs_review mark is cleared. A few at a
 * time, so a big import neither floods one retailer nor holds many sockets. Each update is one transaction with its
 * audit entry; a page that cannot be read leaves its product as the import made it. The caller requests the rebuild.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { products } from '../../../db/schema.ts';
import { productSlugBase, slugFollowsName } from '../../domain/admin/product-slug.ts';
import { fillFromScrape, type ScrapeRecord } from '../../domain/admin/scraped-product.ts';
import { sanitizeDescription } from '../html-sanitizer.ts';
import { notePriceCheck } from '../prices/price-checks.ts';
import type { Resolver } from '../outbound/index.ts';
import { appendAudit, type AuditActor, type AuditAuthor } from './audit.ts';
import { freeProductSlug } from './product-slugs.ts';
import { withSlugRetry } from './product-writes.ts';
import { fillImportedAmazonProducts, isAmazonUrl, type AmazonImportOptions } from './import-amazon.ts';
import { scrapePage } from './scrape-page.ts';

export const DEFAULT_SCRAPE_CONCURRENCY = 4;

export interface ScrapeImportOptions extends Pick<AmazonImportOptions, 'amazonClient'> {
  /** Pages fetched at once; default 4. */
  concurrency?: number;
  /** host:port pairs exempt from the fetcher's address rules; defaults to SCRAPE_ALLOWED_HOSTS. */
  allowedHosts?: readonly string[];
  /** DNS resolution; tests inject one. */
  resolve?: Resolver;
  /** Who the audit entries name: the admin who ran the import. Without one they name the import job. */
  actor?: AuditActor;
}

const inIds = (ids: readonly number[]) => sql`${products.id} in (select value from json_each(${JSON.stringify(ids)}))`;

/** The audit log's author when no admin is given: a job, not a person (user_id stays empty). */
const IMPORT_JOB: AuditAuthor = { id: null, email: 'csv-import-scrape' };

/** Scrapes one product; true when its page was read and the product updated. */
async function scrapeOne(database: Database, id: number, options: ScrapeImportOptions): Promise<boolean> {
  const stored = await database.run((db) => db.select({ affiliateUrl: products.affiliateUrl }).from(products).where(eq(products.id, id)).get());
  if (!stored) return false;
  const page = await scrapePage(stored.affiliateUrl, { allowedHosts: options.allowedHosts, resolve: options.resolve });
  if (!page.ok) return false;
  const record: ScrapeRecord = { outcome: page.product.source, url: page.url, at: new Date().toISOString() };
  const actor: AuditAuthor = options.actor ?? IMPORT_JOB;

  return withSlugRetry(() =>
    database.run((db) =>
      db.transaction(async (tx) => {
        // Read again inside the write: an admin may have edited the product while its page was being fetched.
        const row = await tx.select().from(products).where(eq(products.id, id)).get();
        if (!row) return false;
        const filled = fillFromScrape(row, page.product, record, row.affiliateUrl);
        const renamed = filled.name !== undefined && slugFollowsName(row.slug, row.name);
        const now = new Date();
        await tx
          .update(products)
          .set({
            ...filled,
            description: filled.description === undefined ? undefined : sanitizeDescription(filled.description),
            // A slug made from the URL-path guess follows the real name; a slug someone chose stays.
            slug: renamed ? await freeProductSlug(tx, productSlugBase(filled.name!)) : undefined,
            updatedAt: now,
          })
          .where(eq(products.id, id));
        // A price the page filled in is checked now (the import's own price, when it had one, stays the import's).
        if (filled.price !== undefined) {
          const after = await tx.select({ price: products.price, salePrice: products.salePrice, inStock: products.inStock }).from(products).where(eq(products.id, id)).get();
          if (after) await notePriceCheck(tx, id, { ...after, source: 'retailer-page', checkedAt: now });
        }
        const fields = Object.keys(filled).filter((key) => key !== 'attributes');
        await appendAudit(tx, actor, {
          action: 'product.scrape',
          entityType: 'product',
          entityId: id,
          summary: `Filled "${filled.name ?? row.name}" from its product page (${page.product.source})${fields.length > 0 ? `: ${fields.join(', ')}` : ''}`,
        });
        return true;
      }),
    ),
  );
}

/**
 * Scrapes the products the CSV import created without a title, `concurrency` at a time; Amazon's are never scraped
 * but filled from the Creators API when it is configured (import-amazon.ts). Failures (a page that cannot be read, a
 * refused target, a product deleted meanwhile, a failed write, Amazon's refusal) are counted, never thrown.
 */
export async function scrapeImportedProducts(
  database: Database,
  productIds: readonly number[],
  options: ScrapeImportOptions = {},
): Promise<{ scraped: number; failed: number }> {
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_SCRAPE_CONCURRENCY));
  const ids = [...new Set(productIds)];
  const urls = ids.length === 0 ? [] : await database.run((db) => db.select({ id: products.id, affiliateUrl: products.affiliateUrl }).from(products).where(inIds(ids)));
  const amazonIds = new Set(urls.filter((row) => isAmazonUrl(row.affiliateUrl)).map((row) => row.id));
  const amazon = await fillImportedAmazonProducts(database, [...amazonIds], options.actor ?? IMPORT_JOB, {
    allowedHosts: options.allowedHosts,
    resolve: options.resolve,
    amazonClient: options.amazonClient,
  });
  const queue = ids.filter((id) => !amazonIds.has(id));
  let scraped = amazon.filled;
  let failed = amazon.failed;
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      let ok = false;
      try {
        ok = await scrapeOne(database, id, options);
      } catch (error) {
        console.error(`scrape after import: product ${id} could not be updated`, error);
      }
      if (ok) scraped += 1;
      else failed += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  return { scraped, failed };
}
