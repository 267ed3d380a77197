/** The admin side of link health (issue 13, point 3): the problems list, a product's history, acknowledgements, settings. */
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { linkCheckRuns, linkChecks, linkHealth, products, settings, type LinkCheckRun, type LinkHealthRecord } from '../../../db/schema.ts';
import {
  HISTORY_LIMIT,
  LINK_HEALTH_SETTING_ID,
  storedLinkHealthSettings,
  type LinkCheckRunSummary,
  type LinkHealthAcknowledgeInput,
  type LinkHealthHistory,
  type LinkHealthList,
  type LinkHealthListQuery,
  type LinkHealthRow,
  type LinkHealthSettings,
  type LinkHealthSettingsInput,
} from '../../domain/admin/link-health/api.ts';
import { classSeverity, linkHealthClasses, type LinkHealthClass } from '../../domain/admin/link-health/classes.ts';
import { isAcknowledged, isReported } from '../../domain/admin/link-health/state.ts';
import type { ProductFilter } from '../../domain/admin/product-list.ts';
import { appendAudit, type AuditActor } from './audit.ts';
import { productFilterCondition, reportedHealthSql } from './product-list.ts';

const severitySql = sql.raw(`case last_class ${linkHealthClasses.map((kind) => `when '${kind}' then ${classSeverity[kind]}`).join(' ')} else 0 end`);

function toRow(record: LinkHealthRecord, product: { name: string; slug: string; inStock: boolean }): LinkHealthRow {
  return {
    productId: record.productId,
    productName: product.name,
    productSlug: product.slug,
    inStock: product.inStock,
    url: record.url,
    lastClass: record.lastClass,
    lastStatus: record.lastStatus,
    lastFinalUrl: record.lastFinalUrl,
    lastDetail: record.lastDetail,
    lastCheckedAt: record.lastCheckedAt.toISOString(),
    consecutive: record.consecutive,
    flagged: record.flagged,
    acknowledged: isAcknowledged(record),
    reported: isReported(record),
    nextCheckAt: record.nextCheckAt.toISOString(),
  };
}

function runSummary(run: LinkCheckRun | undefined): LinkCheckRunSummary | null {
  if (!run) return null;
  return {
    id: run.id,
    trigger: run.trigger,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt ? run.finishedAt.toISOString() : null,
    total: run.total,
    checked: run.checked,
  };
}

export async function readRun(database: Database, id: number): Promise<LinkCheckRunSummary | null> {
  return runSummary(await database.run((db) => db.select().from(linkCheckRuns).where(eq(linkCheckRuns.id, id)).get()));
}

/** A broken link (404, 410, a 'gone' page) after its first check, before a second one confirms it (status.ts). */
const unconfirmedBrokenSql = sql`(${linkHealth.flagged} = 0 and ${linkHealth.lastClass} in ('not-found', 'soft-not-found'))`;

/**
 * Problems worst first (flagged and not acknowledged, broken links not yet confirmed, and blocked links), or every
 * checked link; with the overview's counts, and the run the screen follows (`run`) wherever it is.
 */
export async function listLinkHealth(database: Database, query: LinkHealthListQuery): Promise<LinkHealthList> {
  const conditions: (SQL | undefined)[] = [];
  if (query.view === 'problems') conditions.push(sql`(${reportedHealthSql} or ${unconfirmedBrokenSql} or ${linkHealth.lastClass} = 'blocked')`);
  if (query.class) conditions.push(eq(linkHealth.lastClass, query.class));
  const where = and(...conditions);
  return database.run(async (db) => {
    const [rows, [total], byClass, [reported], [unconfirmed], activeRun, lastRun, followed] = await Promise.all([
      db
        .select({ record: linkHealth, name: products.name, slug: products.slug, inStock: products.inStock })
        .from(linkHealth)
        .innerJoin(products, eq(products.id, linkHealth.productId))
        .where(where)
        .orderBy(desc(severitySql), asc(linkHealth.productId))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      db.select({ n: count() }).from(linkHealth).where(where),
      db.select({ kind: linkHealth.lastClass, n: count() }).from(linkHealth).groupBy(linkHealth.lastClass),
      db.select({ n: count() }).from(linkHealth).where(reportedHealthSql),
      db.select({ n: count() }).from(linkHealth).where(unconfirmedBrokenSql),
      db.select().from(linkCheckRuns).where(isNull(linkCheckRuns.finishedAt)).orderBy(asc(linkCheckRuns.id)).limit(1).get(),
      db.select().from(linkCheckRuns).where(sql`${linkCheckRuns.finishedAt} is not null`).orderBy(desc(linkCheckRuns.finishedAt)).limit(1).get(),
      query.run === undefined ? undefined : db.select().from(linkCheckRuns).where(eq(linkCheckRuns.id, query.run)).get(),
    ]);
    const counts = Object.fromEntries(linkHealthClasses.map((kind) => [kind, 0])) as Record<LinkHealthClass, number>;
    for (const { kind, n } of byClass) counts[kind] = n;
    return {
      rows: rows.map(({ record, ...product }) => toRow(record, product)),
      total: total?.n ?? 0,
      page: query.page,
      pageSize: query.pageSize,
      counts,
      reported: reported?.n ?? 0,
      unconfirmedBroken: unconfirmed?.n ?? 0,
      couldNotCheck: counts.blocked,
      followedRun: runSummary(followed),
      activeRun: runSummary(activeRun),
      lastRun: runSummary(lastRun),
    };
  });
}

export async function readLinkHealthHistory(database: Database, productId: number): Promise<LinkHealthHistory | undefined> {
  return database.run(async (db) => {
    const product = await db
      .select({ id: products.id, name: products.name, slug: products.slug, affiliateUrl: products.affiliateUrl, inStock: products.inStock })
      .from(products)
      .where(eq(products.id, productId))
      .get();
    if (!product) return undefined;
    const [record, checks] = await Promise.all([
      db.select().from(linkHealth).where(eq(linkHealth.productId, productId)).get(),
      db.select().from(linkChecks).where(eq(linkChecks.productId, productId)).orderBy(desc(linkChecks.checkedAt), desc(linkChecks.id)).limit(HISTORY_LIMIT),
    ]);
    return {
      product,
      health: record ? toRow(record, product) : null,
      checks: checks.map((check) => ({
        id: check.id,
        checkedAt: check.checkedAt.toISOString(),
        url: check.url,
        method: check.method,
        statusCode: check.statusCode,
        finalUrl: check.finalUrl,
        class: check.class,
        detail: check.detail,
        durationMs: check.durationMs,
      })),
    };
  });
}

export type AcknowledgeOutcome = { ok: true; row: LinkHealthRow } | { ok: false; reason: 'not-found' | 'not-checked' | 'changed' };

/** Silences the current result (class and final URL, as the screen showed them) until it changes; audited. */
export async function acknowledgeLinkHealth(database: Database, actor: AuditActor, productId: number, input: LinkHealthAcknowledgeInput): Promise<AcknowledgeOutcome> {
  return database.run((db) =>
    db.transaction(async (tx): Promise<AcknowledgeOutcome> => {
      const product = await tx.select({ name: products.name, slug: products.slug, inStock: products.inStock }).from(products).where(eq(products.id, productId)).get();
      if (!product) return { ok: false, reason: 'not-found' };
      const record = await tx.select().from(linkHealth).where(eq(linkHealth.productId, productId)).get();
      if (!record) return { ok: false, reason: 'not-checked' };
      if (record.lastClass !== input.class || record.lastFinalUrl !== input.finalUrl) return { ok: false, reason: 'changed' };
      const updated = await tx
        .update(linkHealth)
        .set({ acknowledgedClass: record.lastClass, acknowledgedFinalUrl: record.lastFinalUrl, acknowledgedAt: new Date() })
        .where(eq(linkHealth.productId, productId))
        .returning()
        .get();
      await appendAudit(tx, actor, {
        action: 'link-health.acknowledge',
        entityType: 'product',
        entityId: productId,
        summary: `Acknowledged the link check of "${product.name}" (${record.lastClass}${record.lastFinalUrl ? `, ${record.lastFinalUrl}` : ''})`,
      });
      return { ok: true, row: toRow(updated, product) };
    }),
  );
}

/** The ids among `ids` that are not products. */
export async function missingProductIds(database: Database, ids: readonly number[]): Promise<number[]> {
  const found = await database.run((db) => db.select({ id: products.id }).from(products).where(inArray(products.id, [...ids])));
  const known = new Set(found.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

/** The ids of every product the list's filter matches, in id order (the list's own condition, so it means what the screen showed). */
export async function matchingProductIds(database: Database, filter: ProductFilter): Promise<number[]> {
  const rows = await database.run((db) => db.select({ id: products.id }).from(products).where(productFilterCondition(filter)).orderBy(asc(products.id)));
  return rows.map((row) => row.id);
}

export async function readLinkHealthSettings(database: Database): Promise<LinkHealthSettings> {
  const row = await database.run((db) => db.select().from(settings).where(eq(settings.id, LINK_HEALTH_SETTING_ID)).get());
  return { ...storedLinkHealthSettings(row?.value), updatedAt: row ? row.updatedAt.toISOString() : null };
}

export async function saveLinkHealthSettings(database: Database, actor: AuditActor, input: LinkHealthSettingsInput): Promise<LinkHealthSettings> {
  const row = await database.run((db) =>
    db.transaction(async (tx) => {
      const now = new Date();
      await appendAudit(tx, actor, {
        action: 'setting.link-health',
        entityType: 'setting',
        entityId: LINK_HEALTH_SETTING_ID,
        summary: input.autoMarkOutOfStock ? 'Turned on: links found out of stock mark the product out of stock' : 'Turned off: links found out of stock are only flagged',
      });
      return tx
        .insert(settings)
        .values({ id: LINK_HEALTH_SETTING_ID, value: input, updatedAt: now })
        .onConflictDoUpdate({ target: settings.id, set: { value: input, updatedAt: now } })
        .returning()
        .get();
    }),
  );
  return { ...storedLinkHealthSettings(row.value), updatedAt: row.updatedAt.toISOString() };
}
