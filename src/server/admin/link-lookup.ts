/** Finding the product that already has a pasted link (add by link's duplicate rule, src/domain/admin/link-identity.ts). */
import { eq, or, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../../db/client.ts';
import { affiliateLinks, products } from '../../../db/schema.ts';
import { detectAffiliatePlatform } from '../../domain/admin/affiliate-platform.ts';
import type { ExistingProduct } from '../../domain/admin/from-link.ts';
import { linkIdentity, linkSearchNeedle } from '../../domain/admin/link-identity.ts';

/**
 * The product that already has this link: same retailer and product code, or the same address once tracking is
 * dropped (link-identity.ts). The database narrows the rows by a text every such link holds (the product code or the
 * path's last part, in its stored URL, its ASIN attribute or its link row's code); sameProductLink decides.
 */
export async function findProductWithLink(database: Database, url: string): Promise<ExistingProduct | null> {
  return database.run((db) => productWithLink(db, url));
}

/** findProductWithLink inside a transaction (or on a handle the caller already has). */
export async function productWithLink(db: Db | Tx, url: string): Promise<ExistingProduct | null> {
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

