/** Build-time read of renamed products' old addresses, for the redirects the build writes (src/integrations/product-redirects.ts). */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { products, productSlugRedirects } from '../../../db/schema.ts';
import { getDatabase } from '../db.ts';

export interface SlugRedirect {
  oldSlug: string;
  /** The product's slug now. */
  slug: string;
}

export async function listProductRedirectsForBuild(database: Database = getDatabase()): Promise<SlugRedirect[]> {
  return database.run((db) =>
    db
      .select({ oldSlug: productSlugRedirects.oldSlug, slug: products.slug })
      .from(productSlugRedirects)
      .innerJoin(products, eq(products.id, productSlugRedirects.productId))
      .orderBy(asc(productSlugRedirects.oldSlug)),
  );
}
