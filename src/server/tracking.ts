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
import type { Database, Tx } from '../../db/client.ts';
import { inJsonList } from '../../db/sql.ts';
import { clicks, productAnalytics, products, rateLimits, trackingRecentEvents, trackingSalts } from '../../db/schema.ts';
import { clientAddressGroup } from '../domain/client-address.ts';
import { rateLimitDecision, type RateLimitRule } from '../domain/rate-limit.ts';
import { clickNetworkOf } from '../domain/revenue/click-id.ts';
import { isLikelyBot, productPagePath, REPEAT_WINDOW_MS, saltDay, type TrackedEvent } from '../domain/tracking.ts';
import { countRateLimitHits } from './rate-limit.ts';
import { clientKey } from './secrets.ts';

export type TrackOutcome = 'recorded' | 'repeat' | 'bot' | 'not-found' | 'limited';

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

function clientEventKey(salt: string, input: TrackInput, event: TrackedEvent = input.event): string {
  // The client's block, as its rate limit counts it: respelling an address or hopping within a /64 is no new client.
  return createHash('sha256')
    .update([salt, clientAddressGroup(input.clientAddress), String(input.productId), event].join('\0'))
    .digest('base64url');
}

type Product = { slug: string; affiliateUrl: string | null };

export interface TrackBatchOptions {
  /** Counts each event against this per-address limit inside the batch's transaction; 'limited' past it. */
  rateLimit?: RateLimitRule;
}

/** An event that passed the checks before the transaction: its product, day salt and (with a rate limit) client key. */
interface Candidate {
  index: number;
  input: TrackInput;
  product: Product;
  now: number;
  eventKey: string;
  /** For a click: the key its client's view of the product has (viewedClicks). */
  viewKey: string | undefined;
  rateKey: string | undefined;
}

/**
 * Per address, which of its events in this batch are within the limit: one UPSERT … RETURNING for the whole batch
 * adds each address's count at once, and its events are numbered from the count stored before.
 */
async function limitedEvents(tx: Tx, candidates: readonly Candidate[], rule: RateLimitRule): Promise<Set<number>> {
  const byKey = new Map<string, Candidate[]>();
  for (const candidate of candidates) {
    const events = byKey.get(candidate.rateKey!);
    if (events) events.push(candidate);
    else byKey.set(candidate.rateKey!, [candidate]);
  }
  const now = Math.max(...candidates.map((candidate) => candidate.now));
  const counted = await countRateLimitHits(tx, rule, [...byKey].map(([key, events]) => ({ key, hits: events.length })), now);
  const limited = new Set<number>();
  for (const row of counted) {
    const events = byKey.get(row.key) ?? [];
    const first = row.hits - events.length + 1;
    events.forEach((event, order) => {
      if (!rateLimitDecision(first + order, { windowStart: row.windowStart.getTime(), previousHits: row.previousHits }, rule, now).allowed) limited.add(event.index);
    });
  }
  return limited;
}

/**
 * Records a batch of events in one IMMEDIATE transaction and says what became of each, in order. A handful of
 * multi-row statements serve the whole batch (the rate limit, the click rows, the repeat keys, the counted events and
 * each product's click count), because a statement per event cost more than the HTTP request that carried it: this is
 * what lets the tracking writer keep up with a burst on one core.
 */
export async function recordTrackEvents(database: Database, inputs: readonly TrackInput[], options: TrackBatchOptions = {}): Promise<TrackOutcome[]> {
  const outcomes: (TrackOutcome | undefined)[] = inputs.map((input) => (isLikelyBot(input.userAgent) ? 'bot' : undefined));
  const ids = [...new Set(inputs.filter((_, index) => outcomes[index] === undefined).map((input) => input.productId))];
  if (ids.length === 0) return outcomes as TrackOutcome[];

  const found = await database.run((db) =>
    db.select({ id: products.id, slug: products.slug, affiliateUrl: products.affiliateUrl }).from(products).where(inJsonList(products.id, ids)).all(),
  );
  const productsById = new Map<number, Product>(found.map((row) => [row.id, row]));
  // Salts and client keys first: both may read the database, which cannot be entered again inside the transaction.
  // One HMAC per address, not per event: a burst from one client is many events of one key.
  const rateKeys = new Map<string, string>();
  const rateKeyOf = async (rule: RateLimitRule, address: string) => {
    let key = rateKeys.get(address);
    if (key === undefined) {
      key = `${rule.name}:${await clientKey(database, address)}`;
      rateKeys.set(address, key);
    }
    return key;
  };
  const candidates: Candidate[] = [];
  for (const [index, input] of inputs.entries()) {
    if (outcomes[index] !== undefined) continue;
    const product = productsById.get(input.productId);
    if (!product) {
      outcomes[index] = 'not-found';
      continue;
    }
    const now = input.now ?? Date.now();
    const salt = await saltFor(database, saltDay(now));
    const rateKey = options.rateLimit ? await rateKeyOf(options.rateLimit, input.clientAddress) : undefined;
    const viewKey = input.event === 'click' ? clientEventKey(salt, input, 'view') : undefined;
    candidates.push({ index, input, product, now, eventKey: clientEventKey(salt, input), viewKey, rateKey });
  }
  if (candidates.length === 0) return outcomes as TrackOutcome[];

  await database.run((db) =>
    db.transaction(
      async (tx) => {
        const limited = options.rateLimit ? await limitedEvents(tx, candidates, options.rateLimit) : new Set<number>();
        const allowed = candidates.filter((candidate) => {
          if (!limited.has(candidate.index)) return true;
          outcomes[candidate.index] = 'limited';
          return false;
        });
        if (allowed.length === 0) return;
        const latest = Math.max(...allowed.map((candidate) => candidate.now));
        const pagePathOf = ({ input, product }: Candidate) => (input.event === 'view' ? productPagePath(product.slug) : (input.pagePath ?? null));

        // Every click with an id is stored, repeats included; a conflict is the same beacon sent twice: the first stands.
        const clickRows = allowed.flatMap((candidate) => {
          const pagePath = pagePathOf(candidate);
          const { input, product, now } = candidate;
          if (input.event !== 'click' || !input.clickId || !pagePath) return [];
          const network = product.affiliateUrl ? clickNetworkOf(product.affiliateUrl) : null;
          return [[input.clickId, input.productId, pagePath, network, now]];
        });
        if (clickRows.length > 0) {
          await tx.run(sql`INSERT INTO ${clicks} (click_id, product_id, page_path, network, created_at)
            SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4 FROM json_each(${jsonRows(clickRows)}) WHERE true
            ON CONFLICT DO NOTHING`);
        }

        // Counted when the key is new or its last counted event is older than the window. A key twice in this batch
        // meets its own first row on the second insert (json_each reads the rows in order), which the window keeps:
        // only the first occurrence counts.
        const fresh = await tx.all<{ key: string }>(sql`INSERT INTO ${trackingRecentEvents} (key, seen_at)
          SELECT value ->> 0, value ->> 1 FROM json_each(${jsonRows(allowed.map(({ eventKey, now }) => [eventKey, now]))}) WHERE true
          ON CONFLICT (key) DO UPDATE SET seen_at = excluded.seen_at WHERE seen_at <= excluded.seen_at - ${REPEAT_WINDOW_MS}
          RETURNING key`);
        const freshKeys = new Set(fresh.map((row) => row.key));
        const counted: Candidate[] = [];
        for (const candidate of allowed) {
          const first = freshKeys.delete(candidate.eventKey);
          outcomes[candidate.index] = first ? 'recorded' : 'repeat';
          if (first) counted.push(candidate);
        }
        if (counted.length > 0) {
          const viewed = await viewedClicks(tx, counted);
          const rows = counted.map((candidate) => [candidate.input.productId, candidate.input.event, pagePathOf(candidate), candidate.now, viewed.has(candidate) ? 1 : 0]);
          await tx.run(sql`INSERT INTO ${productAnalytics} (product_id, event_type, page_path, created_at, viewed)
            SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4 FROM json_each(${jsonRows(rows)})`);
        }
        const clicksByProduct = new Map<number, number>();
        for (const { input } of counted) if (input.event === 'click') clicksByProduct.set(input.productId, (clicksByProduct.get(input.productId) ?? 0) + 1);
        if (clicksByProduct.size > 0) {
          // One statement for the batch (a statement per product was most of a batch's cost). Atomic, and updated_at is
          // left alone: a click is not a content change, so it must not make the site rebuild.
          await tx.run(sql`UPDATE ${products} SET click_count = click_count + added.value ->> 1
            FROM json_each(${jsonRows([...clicksByProduct])}) AS added WHERE ${products.id} = added.value ->> 0`);
        }
        await tx.delete(trackingRecentEvents).where(lte(trackingRecentEvents.seenAt, new Date(latest - REPEAT_WINDOW_MS)));
        if (options.rateLimit) await tx.delete(rateLimits).where(lte(rateLimits.expiresAt, new Date(latest)));
      },
      { behavior: 'immediate' },
    ),
  );
  return outcomes as TrackOutcome[];
}

/**
 * The counted clicks that followed a counted view of their product by the same client: the view's key (same day
 * salt, same address, same product) was last counted at most REPEAT_WINDOW_MS before the click. Views and clicks are
 * each counted at most once per key and window, so a counted view is paired with at most one counted click, and a
 * click on the next day (a new salt) never meets the day before's view: viewed clicks never outnumber views, per
 * product and day or summed over any of them. This is the click-through rate's numerator.
 */
async function viewedClicks(tx: Tx, counted: readonly Candidate[]): Promise<Set<Candidate>> {
  const clicked = counted.filter((candidate) => candidate.input.event === 'click' && candidate.viewKey !== undefined);
  if (clicked.length === 0) return new Set();
  const rows = await tx.all<{ i: number }>(sql`SELECT c.value ->> 0 AS i
    FROM json_each(${jsonRows(clicked.map((candidate, i) => [i, candidate.viewKey, candidate.now]))}) AS c
    JOIN ${trackingRecentEvents} AS t ON t.key = c.value ->> 1 AND t.seen_at > (c.value ->> 2) - ${REPEAT_WINDOW_MS} AND t.seen_at <= c.value ->> 2`);
  return new Set(rows.map((row) => clicked[Number(row.i)]!));
}

/**
 * A batch's rows as one JSON parameter, read back in SQL with json_each. Built with a parameter per value, the
 * statements cost more to build and bind (drizzle checks every value) than SQLite took to run them; and their text is
 * the same for every batch. Values are numbers, strings and nulls, which json_each gives back as they were.
 */
function jsonRows(rows: readonly (readonly unknown[])[]): string {
  return JSON.stringify(rows);
}

export async function recordTrackEvent(database: Database, input: TrackInput): Promise<TrackOutcome> {
  const [outcome] = await recordTrackEvents(database, [input]);
  return outcome!;
}

/** For tests: forget the cached salt, as a new process would. */
export function resetTrackingSaltCache(): void {
  cachedSalt = undefined;
}
