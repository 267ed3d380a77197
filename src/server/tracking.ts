/**
 * Product views and clicks (spec sections 3 and 7, ARCHITECTURE section 8): one product_analytics
 * row per counted event, and for a click `click_count + 1` in SQL. Self-declared bots are not
 * counted, nor a repeat of the same event for the same product from the same network address within
 * REPEAT_WINDOW_MS, whatever User-Agent each request claims (a script that rotated it made 9,312 clicks
 * count in 10 s); people sharing one address count once per window for a product, which is the price. A client is known only by a hash with a daily random salt (no personal data
 * is stored); salts older than a day are deleted, so yesterday's keys cannot be traced back.
 *
 * A click that carries a click id (issue 14) is also stored in `clicks` (click id, product, page path, network, time),
 * repeats included: the shopper followed the link with that id, and a purchase may follow any of their clicks. Only
 * the counting leaves repeats out. The network is read from the product's stored link, never taken from the page.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { clicks, productAnalytics, products, trackingRecentEvents, trackingSalts } from '../../db/schema.ts';
import { clickNetworkOf } from '../domain/revenue/click-id.ts';
import { isLikelyBot, productPagePath, REPEAT_WINDOW_MS, saltDay, type TrackedEvent } from '../domain/tracking.ts';

export type TrackOutcome = 'recorded' | 'repeat' | 'bot' | 'not-found';

export interface TrackInput {
  productId: number;
  event: TrackedEvent;
  /** A click's id (isClickId), made by the page at click time. */
  clickId?: string;
  /** Where a click happened, already checked (trackedPagePath); a view's page is always its product page. */
  pagePath?: string | null;
  /** The client's network address (Netlify's context.ip). */
  clientAddress: string;
  /** Only to leave out self-declared bots; never part of the client's key. */
  userAgent: string | null;
  now?: number;
}

/** A day's salt never changes once stored, so each process keeps the current one. */
let cachedSalt: { day: string; salt: string } | undefined;

async function saltFor(database: Database, day: string): Promise<string> {
  if (cachedSalt?.day === day) return cachedSalt.salt;
  const salt = await database.run(async (db) => {
    // Concurrent first requests of a day may each propose a salt: the first one stored wins.
    await db.insert(trackingSalts).values({ day, salt: randomBytes(32).toString('base64url') }).onConflictDoNothing();
    await db.delete(trackingSalts).where(lt(trackingSalts.day, saltDay(Date.parse(`${day}T00:00:00Z`) - 86_400_000)));
    const row = await db.select({ salt: trackingSalts.salt }).from(trackingSalts).where(eq(trackingSalts.day, day)).get();
    if (!row) throw new Error(`tracking salt for ${day} missing after insert`);
    return row.salt;
  });
  cachedSalt = { day, salt };
  return salt;
}

function clientEventKey(salt: string, input: TrackInput): string {
  return createHash('sha256')
    .update([salt, input.clientAddress, String(input.productId), input.event].join('\0'))
    .digest('base64url');
}

export async function recordTrackEvent(database: Database, input: TrackInput): Promise<TrackOutcome> {
  if (isLikelyBot(input.userAgent)) return 'bot';
  const now = input.now ?? Date.now();
  const product = await database.run((db) =>
    db.select({ slug: products.slug, affiliateUrl: products.affiliateUrl }).from(products).where(eq(products.id, input.productId)).get(),
  );
  if (!product) return 'not-found';
  const pagePath = input.event === 'view' ? productPagePath(product.slug) : (input.pagePath ?? null);

  const key = clientEventKey(await saltFor(database, saltDay(now)), input);
  const windowStart = new Date(now - REPEAT_WINDOW_MS);
  return database.run((db) =>
    db.transaction(async (tx) => {
      if (input.event === 'click' && input.clickId && pagePath) {
        // A click id is random, so a conflict is the same beacon sent twice: the first one stands.
        const network = product.affiliateUrl ? clickNetworkOf(product.affiliateUrl) : null;
        await tx
          .insert(clicks)
          .values({ clickId: input.clickId, productId: input.productId, pagePath, network, createdAt: new Date(now) })
          .onConflictDoNothing();
      }
      // Counted when the key is new, or when its last counted event is older than the window.
      const fresh = await tx
        .insert(trackingRecentEvents)
        .values({ key, seenAt: new Date(now) })
        .onConflictDoUpdate({ target: trackingRecentEvents.key, set: { seenAt: new Date(now) }, setWhere: lte(trackingRecentEvents.seenAt, windowStart) })
        .returning({ key: trackingRecentEvents.key });
      if (fresh.length === 0) return 'repeat';

      await tx.insert(productAnalytics).values({ productId: input.productId, eventType: input.event, pagePath, createdAt: new Date(now) });
      if (input.event === 'click') {
        // Atomic, and updated_at kept as it is: a click is not a content change, so it must not make the site rebuild.
        await tx
          .update(products)
          .set({ clickCount: sql`${products.clickCount} + 1`, updatedAt: sql`${products.updatedAt}` })
          .where(eq(products.id, input.productId));
      }
      await tx.delete(trackingRecentEvents).where(lte(trackingRecentEvents.seenAt, windowStart));
      return 'recorded';
    }),
  );
}

/** For tests: forget the cached salt, as a new process would. */
export function resetTrackingSaltCache(): void {
  cachedSalt = undefined;
}
