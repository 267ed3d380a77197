/**
 * The demo site's traffic history, as the rows real traffic leaves: product_analytics views and clicks, and the
 * conversions the networks report. Every figure the admin screens show (overview, Analytics, products list) is
 * counted from these rows, and the products' stored counters are derived from them afterwards, so no screen can
 * disagree with another.
 *
 * The rules real tracking follows hold here too (src/server/tracking.ts): a view is on its product's page; a click on
 * a product page follows one of that day's views (viewed = 1, so viewed clicks never outnumber views); clicks on a
 * blog post or the catalogue had no counted view (viewed = 0); a conversion follows a click, on its page, within
 * hours. Conversions of the last two weeks are still pending; a few older ones were reversed.
 *
 * Deterministic for a given `now` and catalogue (createRandom), so tests can rely on it.
 */
import { clickNetworkOf } from '../../src/domain/revenue/click-id.ts';
import { createRandom } from './random.ts';

export const HISTORY_DAYS = 120;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const PENDING_DAYS = 14;

export interface HistoryProduct {
  id: number;
  slug: string;
  price: number;
  salePrice: number | null;
  commissionRate: number | null;
  affiliateUrl: string;
  affiliateSource: string;
  createdAt: Date;
}

export interface HistoryPost {
  slug: string;
  publishedAt: Date | null;
}

/** [product_id, event_type, page_path, created_at, viewed] */
export type EventRow = [number, 'view' | 'click', string, number, 0 | 1];
/** [network, transaction_id, product_id, page_path, status, sale_cents, commission_cents, occurred_at] */
export type ConversionSeedRow = [string, string, number, string, 'pending' | 'approved' | 'reversed', number, number, number];

export interface History {
  events: EventRow[];
  conversions: ConversionSeedRow[];
}

/** A count drawn around a mean (a sum of coin flips: cheap, never negative, spread like real daily traffic). */
function around(mean: number, next: () => number): number {
  const trials = Math.max(1, Math.ceil(mean * 2));
  let hits = 0;
  for (let i = 0; i < trials; i++) if (next() < mean / trials) hits++;
  return hits;
}

export function generateHistory(catalogue: readonly HistoryProduct[], posts: readonly HistoryPost[], now: Date): History {
  const random = createRandom(`history:${catalogue.length}`);
  const end = now.getTime();
  const today = Math.floor(end / DAY) * DAY;
  const firstDay = today - (HISTORY_DAYS - 1) * DAY;
  const events: EventRow[] = [];
  const conversions: ConversionSeedRow[] = [];
  let transaction = 0;

  for (const product of catalogue) {
    const productPage = `/product/${encodeURIComponent(product.slug)}`;
    // Traffic is skewed: a few products are popular, most are rarely seen.
    const viewsPerDay = 0.2 + random.next() ** 3 * 4.5;
    const clickThrough = random.float(0.03, 0.16);
    const converts = random.float(0.01, 0.08);
    const offsiteClicksPerDay = viewsPerDay * clickThrough * random.float(0, 0.25);
    const network = clickNetworkOf(product.affiliateUrl) ?? product.affiliateSource;
    const saleCents = Math.round((product.salePrice !== null && product.salePrice < product.price ? product.salePrice : product.price) * 100);
    const commissionCents = Math.round(saleCents * ((product.commissionRate ?? 3) / 100));
    const since = Math.max(firstDay, Math.floor(product.createdAt.getTime() / DAY) * DAY);

    const click = (at: number, page: string, viewed: 0 | 1) => {
      events.push([product.id, 'click', page, at, viewed]);
      if (random.next() >= converts) return;
      const occurred = Math.min(at + Math.floor(random.float(0.1, 30) * HOUR), end - 1);
      const reversed = occurred < end - PENDING_DAYS * DAY && random.chance(0.08);
      const status = reversed ? 'reversed' : occurred >= end - PENDING_DAYS * DAY ? 'pending' : 'approved';
      transaction += 1;
      conversions.push([network, `demo-${transaction}`, product.id, page, status, saleCents, commissionCents, occurred]);
    };

    for (let day = since; day <= today; day += DAY) {
      // The day so far, for today.
      const span = Math.min(DAY, end - day);
      if (span <= 0) break;
      const weekend = [0, 6].includes(new Date(day).getUTCDay()) ? 1.3 : 1;
      const views = around((viewsPerDay * weekend * span) / DAY, random.next);
      for (let i = 0; i < views; i++) {
        const at = day + Math.floor(random.next() * span);
        events.push([product.id, 'view', productPage, at, 0]);
        // A click through the page, moments later and on the same day (the view's day salt), as tracking pairs them.
        if (random.next() < clickThrough) click(Math.min(at + random.int(5_000, 240_000), day + span - 1), productPage, 1);
      }
      const offsite = around((offsiteClicksPerDay * span) / DAY, random.next);
      for (let i = 0; i < offsite; i++) {
        const post = posts.length > 0 ? posts[random.int(0, posts.length - 1)] : undefined;
        const at = day + Math.floor(random.next() * span);
        const fromPost = post?.publishedAt && post.publishedAt.getTime() <= at && random.chance(0.7);
        click(at, fromPost ? `/blog/${encodeURIComponent(post.slug)}` : '/products', 0);
      }
    }
  }
  return { events, conversions };
}
