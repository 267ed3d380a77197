/**
 * Build-time conversion of a products-collection entry into the card's compact shape, with the
 * Amazon associate tag from the environment (read once, in src/server/env.ts). For pages and
 * build-time code only: it reads process.env.
 */
import { toCatalogueProduct, type CatalogueProduct, type ProductSource } from '../../domain/product-card.ts';
import { DEFAULT_STALE_AFTER_HOURS } from '../../domain/product-display/price-age.ts';
import { env } from '../../server/env.ts';

export function cardProduct(source: ProductSource, now = Date.now(), staleAfterHours = DEFAULT_STALE_AFTER_HOURS): CatalogueProduct {
  return toCatalogueProduct(source, { amazonTag: env().AMAZON_ASSOCIATE_TAG, now, staleAfterHours });
}
