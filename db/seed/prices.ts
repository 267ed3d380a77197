/**
 * The demo catalogue's price checks: when each product's price was last checked and by what, and a short history
 * (at most PRICE_HISTORY_LIMIT checks), so the admin's chart and the public stamps have realistic data. Most prices
 * were checked within the last 20 hours (Amazon's through the Creators API, others by the link checker's visit or an
 * import); about one in thirty is older than a day, so the demo shows stale prices too. Drawn from a PRNG of its own
 * per product, so the rest of the catalogue stays as it was.
 */
import { PRICE_HISTORY_LIMIT, type PriceCheckSourceName } from '../../src/domain/prices/price-check.ts';
import { hashSeed, mulberry32 } from './random.ts';

const HOUR = 3_600_000;

export interface SeedPricedProduct {
  id: number;
  slug: string;
  price: number;
  salePrice: number | null;
  inStock: boolean;
  affiliateSource: string;
}

export interface SeedPriceCheck {
  productId: number;
  price: number;
  salePrice: number | null;
  inStock: boolean;
  source: PriceCheckSourceName;
  checkedAt: number;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** The product's checks, oldest first: the last one is its current price, stock and stamp. */
export function seedPriceChecks(product: SeedPricedProduct, now: number): SeedPriceCheck[] {
  const next = mulberry32(hashSeed(`price:${product.slug}`));
  const source: PriceCheckSourceName = product.affiliateSource === 'amazon' ? 'creators-api' : next() < 0.8 ? 'retailer-page' : 'import';
  const stale = next() < 1 / 30;
  const last = Math.round(now - (stale ? (25 + next() * 24 * 9) * HOUR : next() * 20 * HOUR));
  const count = 4 + Math.floor(next() * (PRICE_HISTORY_LIMIT - 8));
  // Amazon's prices are refreshed about hourly; others daily.
  const spacing = source === 'creators-api' ? HOUR : 24 * HOUR;
  // Walking back from the last check, each a jittered step before the next.
  const times = [last];
  for (let i = 1; i < count; i++) times.unshift(Math.round(times[0]! - spacing * (0.8 + next() * 0.4)));
  const checks: SeedPriceCheck[] = times.map((checkedAt, index) => {
    const current = index === count - 1;
    const drift = current ? 1 : 1 + (next() - 0.5) * 0.12;
    return {
      productId: product.id,
      price: current ? product.price : round(product.price * drift),
      salePrice: product.salePrice === null ? null : current ? product.salePrice : round(product.salePrice * drift),
      inStock: current ? product.inStock : next() < 0.95,
      source,
      checkedAt,
    };
  });
  return checks;
}
