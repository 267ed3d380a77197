/**
 * A price check: what was found (price, sale price, stock), by what and when. Every write that sets a product's price
 * or stock records one (src/server/prices/price-checks.ts), so each price carries its age and its history.
 */
import { z } from 'zod';

export const PRICE_CHECK_SOURCES = ['creators-api', 'retailer-page', 'import', 'admin'] as const;
export type PriceCheckSourceName = (typeof PRICE_CHECK_SOURCES)[number];

/** A product's history keeps this many checks, newest first. */
export const PRICE_HISTORY_LIMIT = 30;

/** A check may be dated a little ahead (clocks of other machines drift), never far into the future. */
export const PRICE_CHECK_MAX_AHEAD_MS = 5 * 60_000;

const money = z.number().nonnegative().max(1_000_000);

/**
 * A check as a caller hands it over. `price` null records stock alone (a bulk stock change): the price's stamp does
 * not move, since nobody looked at the price.
 */
export const priceCheckSchema = z
  .object({
    price: money.nullable(),
    salePrice: money.nullable(),
    inStock: z.boolean(),
    source: z.enum(PRICE_CHECK_SOURCES),
    checkedAt: z.date().refine((date) => Number.isFinite(date.getTime()), 'checkedAt must be a valid time'),
  })
  .refine((check) => check.price !== null || check.salePrice === null, { message: 'A sale price needs a price', path: ['salePrice'] });
export type PriceCheck = z.infer<typeof priceCheckSchema>;

export function checkedTooFarAhead(checkedAt: Date, now: number): boolean {
  return checkedAt.getTime() - now > PRICE_CHECK_MAX_AHEAD_MS;
}

/** The product's price as stored, for reading a retailer's one price against it. */
export interface StoredPrice {
  price: number;
  salePrice: number | null;
  inStock: boolean;
}

/**
 * The check a retailer page's one price makes: a page states the price to pay, so a stored sale whose regular price is
 * above it stays a sale at the page's price; otherwise the page's price is the price and no sale is shown. Stock is
 * the page's when it says, else as stored.
 */
export function pagePriceCheck(stored: StoredPrice, found: { price: number; availability: boolean | null }, checkedAt: Date): PriceCheck {
  const onSale = stored.salePrice !== null && found.price < stored.price;
  return {
    price: onSale ? stored.price : found.price,
    salePrice: onSale ? found.price : null,
    inStock: found.availability ?? stored.inStock,
    source: 'retailer-page',
    checkedAt,
  };
}
