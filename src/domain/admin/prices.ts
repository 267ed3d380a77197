/**
 * The admin's view of price ages: the overview's figures, the stale limit setting and a product's price history with
 * its sparkline. Shared by the functions (which answer with these schemas) and the admin island (which parses them).
 *
 *   GET  /api/admin/prices                  → priceOverviewSchema
 *   PUT  /api/admin/prices { staleAfterHours } → priceOverviewSchema (with an audit entry; pages rebuild)
 *   GET  /api/admin/products/:id/prices     → priceHistorySchema
 *   POST /api/admin/products/:id/prices     priceConfirmSchema → priceHistorySchema
 */
import { z } from 'zod';
import { MAX_STALE_AFTER_HOURS, MIN_STALE_AFTER_HOURS } from '../product-display/price-age.ts';
import { PRICE_CHECK_SOURCES, type PriceCheckSourceName } from '../prices/price-check.ts';

export const priceTexts = {
  settingsFailed: 'Could not save the price settings',
  hoursInvalid: `The stale limit must be a whole number of hours from ${MIN_STALE_AFTER_HOURS} to ${MAX_STALE_AFTER_HOURS}.`,
  productNotFound: 'Product not found',
  productNotFoundDescription: 'No product has this id. It may have been deleted.',
  never: 'never',
  noHistory: 'No price checks yet',
  confirmFailed: 'Could not confirm the price',
  confirmChanged: 'The price changed since this page loaded. Check the new one before confirming it.',
  confirmInvalid: 'Confirm the price, sale price and stock this page shows.',
  confirmed: 'Price confirmed',
  confirmedDescription: 'Its stamp is now, and the site shows it again within seconds.',
} as const;

/**
 * POST /api/admin/products/:id/prices: the admin checked the retailer and the stored price, sale price and stock are
 * still right. The values the admin saw travel with it, so a price that changed meanwhile (a refresh, another admin)
 * is never confirmed unseen.
 */
export const priceConfirmSchema = z.strictObject({
  // zod's numbers are finite: NaN and Infinity never get here.
  price: z.number({ error: priceTexts.confirmInvalid }),
  salePrice: z.number({ error: priceTexts.confirmInvalid }).nullable(),
  inStock: z.boolean({ error: priceTexts.confirmInvalid }),
});
export type PriceConfirm = z.infer<typeof priceConfirmSchema>;

export const priceSettingsInputSchema = z.strictObject({
  staleAfterHours: z
    .number({ error: priceTexts.hoursInvalid })
    .int(priceTexts.hoursInvalid)
    .min(MIN_STALE_AFTER_HOURS, priceTexts.hoursInvalid)
    .max(MAX_STALE_AFTER_HOURS, priceTexts.hoursInvalid),
});
export type PriceSettingsInput = z.infer<typeof priceSettingsInputSchema>;

export const priceOverviewSchema = z.object({
  /** Products (drafts included) whose price is older than the limit or was never checked: the site shows no amount. */
  stale: z.number().int().nonnegative(),
  /** Products whose last price check failed. */
  failing: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  staleAfterHours: z.number().int(),
  /** When the scheduled price refresh last ran; null: it never has. */
  lastRefreshAt: z.iso.datetime().nullable(),
  /** How many products that run refreshed; null: no run recorded it. */
  lastRefreshCount: z.number().int().nonnegative().nullable(),
  /** Why that run stopped early (bad credentials, throttling); null when it did not. */
  lastRefreshError: z.string().nullable(),
});
export type PriceOverview = z.infer<typeof priceOverviewSchema>;

export const priceHistoryEntrySchema = z.object({
  /** Null: the check recorded stock alone (a bulk stock change). */
  price: z.number().nullable(),
  salePrice: z.number().nullable(),
  inStock: z.boolean(),
  source: z.enum(PRICE_CHECK_SOURCES),
  checkedAt: z.iso.datetime(),
});
export type PriceHistoryEntry = z.infer<typeof priceHistoryEntrySchema>;

export const priceHistorySchema = z.object({
  productId: z.number().int(),
  priceCheckedAt: z.iso.datetime().nullable(),
  priceSource: z.enum(PRICE_CHECK_SOURCES).nullable(),
  stale: z.boolean(),
  priceCheckError: z.string().nullable(),
  /** The values a confirmation confirms (priceConfirmSchema). */
  current: priceConfirmSchema,
  /** Newest first, at most the last 30. */
  checks: z.array(priceHistoryEntrySchema),
});
export type PriceHistory = z.infer<typeof priceHistorySchema>;

/** The overview's line about the refresh: 'never' until it has run. */
export function lastRefreshLabel(at: string | null, format: (date: Date) => string): string {
  return at === null ? priceTexts.never : format(new Date(at));
}

export const priceSourceLabels: Record<PriceCheckSourceName, string> = {
  'creators-api': 'Amazon Creators API',
  'retailer-page': "Retailer's page",
  import: 'Import',
  admin: 'Admin',
};

/** The price a shopper paid at each check (the sale price during a sale), oldest first; stock-only checks left out. */
export function chartPoints(checks: readonly PriceHistoryEntry[]): { at: number; price: number }[] {
  return checks
    .filter((check): check is PriceHistoryEntry & { price: number } => check.price !== null)
    .map((check) => ({ at: Date.parse(check.checkedAt), price: check.salePrice !== null && check.salePrice < check.price ? check.salePrice : check.price }))
    .sort((a, b) => a.at - b.at);
}

/**
 * An SVG path ('M x y L x y …') through the points, spaced evenly left to right (checks are not evenly spaced in time,
 * and a sparkline shows the shape of the changes), scaled to the box with the lowest price at the bottom. A single
 * point is a flat line; no points, an empty path.
 */
export function sparklinePath(prices: readonly number[], width: number, height: number, pad = 2): string {
  if (prices.length === 0) return '';
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  const span = max - min;
  const y = (price: number) => (span === 0 ? height / 2 : pad + (1 - (price - min) / span) * (height - 2 * pad));
  const x = (index: number) => (prices.length === 1 ? [pad, width - pad][index]! : pad + (index / (prices.length - 1)) * (width - 2 * pad));
  const points = prices.length === 1 ? [0, 1].map((index) => [x(index), y(prices[0]!)]) : prices.map((price, index) => [x(index), y(price)]);
  const round = (value: number) => Math.round(value * 10) / 10;
  return points.map(([px, py], index) => `${index === 0 ? 'M' : 'L'}${round(px!)} ${round(py!)}`).join(' ');
}

/** The list's 'Price checked' cell: 'never', 'just now', '5 min ago', '3 h ago', '2 d ago'. */
export function priceAgeLabel(iso: string | null, now: number): string {
  if (iso === null) return priceTexts.never;
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}
