/**
 * The stale limit setting (settings row 'prices', a page input: src/server/build-inputs.ts), the admin's figures about
 * price ages, and the refresh job's last run (settings row 'prices.last_refresh', runtime state only).
 */
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { products, settings } from '../../../db/schema.ts';
import type { PriceOverview, PriceSettingsInput } from '../../domain/admin/prices.ts';
import {
  DEFAULT_STALE_AFTER_HOURS,
  MAX_STALE_AFTER_HOURS,
  MIN_STALE_AFTER_HOURS,
  PRICE_SETTING_ID,
  storedStaleAfterHours,
} from '../../domain/product-display/price-age.ts';
import { appendAudit, type AuditActor } from '../admin/audit.ts';

/** Written by the scheduled price refresh when a run ends: `{ at: ISO time }`. */
export const PRICE_REFRESH_SETTING_ID = 'prices.last_refresh';

const HOUR_MS = 3_600_000;

export async function readStaleAfterHours(database: Database): Promise<number> {
  const row = await database.run((db) => db.select({ value: settings.value }).from(settings).where(eq(settings.id, PRICE_SETTING_ID)).get());
  return storedStaleAfterHours(row?.value);
}

/**
 * Products whose price is stale at `now`, in SQL: never checked, or checked at least the limit ago. The limit is read
 * from the settings row in the same statement (storedStaleAfterHours's rule), so the condition stays one expression
 * that the list, the bulk actions' `allMatching` and the export share.
 */
export function staleCondition(now: number) {
  const stored = sql`json_extract(${settings.value}, '$.staleAfterHours')`;
  const hours = sql`coalesce((select case when typeof(${stored}) = 'integer' and ${stored} between ${MIN_STALE_AFTER_HOURS} and ${MAX_STALE_AFTER_HOURS} then ${stored} end from ${settings} where ${settings.id} = ${PRICE_SETTING_ID}), ${DEFAULT_STALE_AFTER_HOURS})`;
  return sql`(${products.priceCheckedAt} is null or ${products.priceCheckedAt} <= ${now} - ${hours} * ${HOUR_MS})`;
}

export async function readPriceOverview(database: Database, now = Date.now()): Promise<PriceOverview> {
  const [figures, lastRun, staleAfterHours] = await Promise.all([
    database.run((db) =>
      db
        .select({
          total: count(),
          stale: sql<number>`coalesce(sum(case when ${staleCondition(now)} then 1 else 0 end), 0)`.mapWith(Number),
          failing: sql<number>`coalesce(sum(case when ${products.priceCheckFailedAt} is not null then 1 else 0 end), 0)`.mapWith(Number),
        })
        .from(products)
        .get(),
    ),
    database.run((db) => db.select({ value: settings.value }).from(settings).where(eq(settings.id, PRICE_REFRESH_SETTING_ID)).get()),
    readStaleAfterHours(database),
  ]);
  const run = (lastRun?.value ?? {}) as Record<string, unknown>;
  const lastRefreshAt = isoDate(run.at)?.toISOString() ?? null;
  return {
    total: figures?.total ?? 0,
    stale: figures?.stale ?? 0,
    failing: figures?.failing ?? 0,
    staleAfterHours,
    lastRefreshAt,
    lastRefreshCount: lastRefreshAt ? count_(run.refreshed) : null,
    lastRefreshError: lastRefreshAt && typeof run.error === 'string' ? run.error : null,
  };
}

/** Saves the limit with an audit entry; the caller requests a rebuild (pages decide with it). */
export async function savePriceSettings(database: Database, actor: AuditActor, input: PriceSettingsInput): Promise<void> {
  await database.run((db) =>
    db.transaction(async (tx) => {
      const now = new Date();
      await appendAudit(tx, actor, {
        action: 'setting.prices',
        entityType: 'setting',
        entityId: PRICE_SETTING_ID,
        summary: `Prices older than ${input.staleAfterHours} hours are no longer shown`,
      });
      await tx
        .insert(settings)
        .values({ id: PRICE_SETTING_ID, value: input, updatedAt: now })
        .onConflictDoUpdate({ target: settings.id, set: { value: input, updatedAt: now } });
    }),
  );
}

/** What a refresh run leaves in its settings row besides its time. */
export interface PriceRefreshRunNote {
  /** Products given a new check in the run. */
  refreshed: number;
  failed: number;
  /** Why the run stopped early (bad credentials, throttling …); null when it did not. */
  error: string | null;
  /** When a refresh last requested a rebuild (the published stamps' age: price-refresh.ts, republishDue). */
  republishedAt: Date | null;
}

export interface LastPriceRefresh {
  at: Date;
  refreshed: number | null;
  failed: number | null;
  error: string | null;
  republishedAt: Date | null;
}

const isoDate = (value: unknown): Date | null => (typeof value === 'string' && Number.isFinite(Date.parse(value)) ? new Date(value) : null);
const count_ = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null);

/** The last run as stored; null when none ran. Older rows hold only `at`. */
export async function readLastPriceRefresh(database: Database): Promise<LastPriceRefresh | null> {
  const row = await database.run((db) => db.select({ value: settings.value }).from(settings).where(eq(settings.id, PRICE_REFRESH_SETTING_ID)).get());
  const value = (row?.value ?? {}) as Record<string, unknown>;
  const at = isoDate(value.at);
  if (!at) return null;
  return { at, refreshed: count_(value.refreshed), failed: count_(value.failed), error: typeof value.error === 'string' ? value.error : null, republishedAt: isoDate(value.republishedAt) };
}

/** For the scheduled refresh: records that a run ended at `at` (the overview's 'last refresh') and what it did. */
export async function notePriceRefreshRun(database: Database, at: Date, note?: PriceRefreshRunNote): Promise<void> {
  const value = {
    at: at.toISOString(),
    ...(note ? { refreshed: note.refreshed, failed: note.failed, error: note.error, republishedAt: note.republishedAt?.toISOString() ?? null } : {}),
  };
  await database.run((db) =>
    db
      .insert(settings)
      .values({ id: PRICE_REFRESH_SETTING_ID, value, updatedAt: at })
      .onConflictDoUpdate({ target: settings.id, set: { value, updatedAt: at } }),
  );
}
