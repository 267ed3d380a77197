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
  const at = (lastRun?.value as { at?: unknown } | undefined)?.at;
  const lastRefreshAt = typeof at === 'string' && Number.isFinite(Date.parse(at)) ? new Date(at).toISOString() : null;
  return { total: figures?.total ?? 0, stale: figures?.stale ?? 0, failing: figures?.failing ?? 0, staleAfterHours, lastRefreshAt };
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

/** For the scheduled refresh: records that a run ended at `at` (the overview's 'last refresh'). */
export async function notePriceRefreshRun(database: Database, at: Date): Promise<void> {
  await database.run((db) =>
    db
      .insert(settings)
      .values({ id: PRICE_REFRESH_SETTING_ID, value: { at: at.toISOString() }, updatedAt: at })
      .onConflictDoUpdate({ target: settings.id, set: { value: { at: at.toISOString() }, updatedAt: at } }),
  );
}
