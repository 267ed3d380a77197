/**
 * The server side of the network report import (issue 14, point 4; contract in src/domain/admin/revenue-report.ts).
 * Every row is read again with the domain's readReportRows; the preview tells what recordConversion would do with
 * it, writing nothing, and the import passes it to recordConversion, the one idempotent write path postbacks use,
 * with source 'report'. A postback and a report row of one (network, transaction id) are therefore one conversion.
 *
 * A row's product: the product of its click id (recordConversion looks it up, and it wins), else the one its product
 * code names: for Amazon the ASIN (products.asin), otherwise an ASIN, then a SKU, then a product id. Ties go to the
 * oldest product.
 *
 * Amazon's returns (report-amazon.ts): a return row reverses the latest stored, not yet reversed sale of its tracking
 * id and ASIN shipped on or before its day (else the latest of any day), and is stored itself as a reversed row under
 * its own id, so importing it again finds that row and changes nothing. The sale's reversal is written before the
 * return's row; if the process stopped between the two, importing the file again would reverse one more sale. With no
 * stored sale to reverse (its sale was in a report not imported), only the return's row is stored, and a later import
 * of that sale counts it: import reports oldest first.
 */
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database, Db } from '../../../db/client.ts';
import { clicks, conversions, products, reportMappings, type ConversionRow } from '../../../db/schema.ts';
import type { ReportImportAnswer, ReportImportCounts, ReportImportRequest, ReportImportRow, ReportMappingAnswer, ReportMappingRequest, ReportPreviewRequest, ReportPreviewRow } from '../../domain/admin/revenue-report.ts';
import { emptyReportCounts } from '../../domain/admin/revenue-report.ts';
import { conversionTransition } from '../../domain/revenue/conversion-state.ts';
import { dayStart } from '../../domain/revenue/report-date.ts';
import { readReportRows, type ReportFormat } from '../../domain/revenue/report-rows.ts';
import type { ProductKey, ReportConversion, ReportNetwork } from '../../domain/revenue/report.ts';
import { reportNetworkLabels } from '../../domain/revenue/report.ts';
import { ConversionConflict, recordConversion } from '../revenue/conversions.ts';
import { appendAudit, type AuditActor } from './audit.ts';

type Reader = Pick<Db, 'select'>;
type MatchedBy = NonNullable<ReportPreviewRow['matchedBy']>;

interface FoundProduct {
  id: number;
  name: string;
  matchedBy: MatchedBy;
}

async function productWhere(reader: Reader, condition: ReturnType<typeof eq>, matchedBy: MatchedBy): Promise<FoundProduct | null> {
  const row = await reader.select({ id: products.id, name: products.name }).from(products).where(condition).orderBy(asc(products.id)).limit(1).get();
  return row ? { ...row, matchedBy } : null;
}

/** The product a row's product code names, or null. */
async function productByKey(reader: Reader, key: ProductKey | null): Promise<FoundProduct | null> {
  if (key === null) return null;
  const asin = key.value.toUpperCase();
  if (key.kind === 'asin') return productWhere(reader, eq(products.asin, asin), 'asin');
  return (
    (/^[A-Z0-9]{10}$/.test(asin) ? await productWhere(reader, eq(products.asin, asin), 'asin') : null) ??
    (await productWhere(reader, eq(products.sku, key.value), 'sku')) ??
    (/^[1-9]\d{0,15}$/.test(key.value) ? await productWhere(reader, eq(products.id, Number(key.value)), 'product-id') : null)
  );
}

async function productById(reader: Reader, id: number, matchedBy: MatchedBy): Promise<FoundProduct | null> {
  return productWhere(reader, eq(products.id, id), matchedBy);
}

/** What recordConversion will attribute a new row to: its click's product, else its product code's. */
async function attribution(reader: Reader, conversion: ReportConversion): Promise<FoundProduct | null> {
  if (conversion.clickId !== null) {
    const click = await reader.select({ productId: clicks.productId }).from(clicks).where(eq(clicks.clickId, conversion.clickId)).get();
    if (click?.productId != null) {
      const product = await productById(reader, click.productId, 'click');
      if (product) return product;
    }
  }
  return productByKey(reader, conversion.productKey);
}

const storedConversion = (reader: Reader, network: string, transactionId: string) =>
  reader.select().from(conversions).where(and(eq(conversions.network, network), eq(conversions.transactionId, transactionId))).get();

/** The sale an Amazon return reverses (see the top of this file), or undefined. */
async function saleToReverse(reader: Reader, network: string, conversion: ReportConversion, skip: ReadonlySet<number>): Promise<ConversionRow | undefined> {
  const prefix = conversion.returnOf!;
  const returnDay = conversion.day === null ? new Date() : new Date(dayStart(conversion.day).getTime() + 86_400_000);
  const candidates = await reader
    .select()
    .from(conversions)
    .where(
      and(
        eq(conversions.network, network),
        sql`substr(${conversions.transactionId}, 1, ${prefix.length}) = ${prefix}`,
        sql`instr(${conversions.transactionId}, ':return:') = 0`,
        ne(conversions.status, 'reversed'),
      ),
    )
    .orderBy(sql`${conversions.occurredAt} < ${returnDay.getTime()} desc`, desc(conversions.occurredAt), desc(conversions.id))
    .limit(skip.size + 1);
  return candidates.find((candidate) => !skip.has(candidate.id));
}

const money = (cents: number) => (cents / 100).toFixed(2);

function previewRow(conversion: ReportConversion, outcome: ReportPreviewRow['outcome'], product: FoundProduct | null, reason?: string): ReportPreviewRow {
  return {
    rowNumber: conversion.rowNumber,
    outcome,
    transactionId: conversion.transactionId,
    ...(product ? { productId: product.id, productName: product.name, matchedBy: product.matchedBy } : {}),
    ...(reason ? { reason } : {}),
  };
}

function formatOf(request: ReportPreviewRequest): ReportFormat {
  return { network: request.network, headers: request.headers, mapping: request.mapping };
}

/** POST /api/admin/revenue/report/preview: what each row would do; nothing is written. */
export async function previewReportRows(database: Database, request: ReportPreviewRequest): Promise<ReportPreviewRow[]> {
  const read = readReportRows(formatOf(request), request.rows);
  return database.run(async (db) => {
    const results: ReportPreviewRow[] = [];
    // Sales the earlier returns of this request will have reversed.
    const reversed = new Set<number>();
    for (const item of read) {
      if (item.kind === 'error') {
        results.push({ rowNumber: item.error.rowNumber, outcome: 'error', reason: item.error.reason });
        continue;
      }
      if (item.kind === 'repeat') {
        results.push({ rowNumber: item.rowNumber, outcome: 'duplicate', transactionId: item.transactionId, reason: item.reason });
        continue;
      }
      const { conversion } = item;
      const stored = await storedConversion(db, request.network, conversion.transactionId);
      const storedProduct = stored?.productId != null ? await productById(db, stored.productId, 'stored') : null;
      const product = storedProduct ?? (await attribution(db, conversion));

      if (conversion.returnOf !== null && !stored) {
        const sale = await saleToReverse(db, request.network, conversion, reversed);
        if (sale) {
          reversed.add(sale.id);
          const saleProduct = sale.productId === null ? product : await productById(db, sale.productId, 'stored');
          results.push(previewRow(conversion, 'changed', saleProduct, `Reverses the sale ${sale.transactionId} (commission ${money(sale.commissionCents)})`));
        } else {
          results.push(previewRow(conversion, product ? 'matched' : 'unmatched', product, 'No stored sale to reverse: stored as a return only'));
        }
        continue;
      }
      if (!stored) {
        results.push(previewRow(conversion, product ? 'matched' : 'unmatched', product));
        continue;
      }
      // As recordConversion: another currency than the stored one is refused, and a missing sale amount keeps it.
      if (stored.currency !== conversion.currency) {
        results.push({
          rowNumber: conversion.rowNumber,
          outcome: 'error',
          reason: `Row ${conversion.rowNumber}: the transaction ${conversion.transactionId} was reported in ${stored.currency}; a report in ${conversion.currency} cannot change it.`,
        });
        continue;
      }
      const delta = conversionTransition(
        { status: stored.status, amountCents: stored.saleCents, commissionCents: stored.commissionCents },
        { status: conversion.status, amountCents: conversion.saleCents ?? stored.saleCents, commissionCents: conversion.commissionCents },
      );
      const newlyAttributed = stored.productId === null && product !== null;
      if (delta.write === 'none' && !newlyAttributed) {
        results.push(previewRow(conversion, 'duplicate', product, 'Already stored as in the file'));
      } else {
        const next = delta.next ?? { status: stored.status, commissionCents: stored.commissionCents };
        const what =
          delta.write === 'none'
            ? 'Stored unattributed: will be attributed'
            : `Stored as ${stored.status}, commission ${money(stored.commissionCents)}: will be ${next.status}, commission ${money(next.commissionCents)}`;
        results.push(previewRow(conversion, 'changed', product, what));
      }
    }
    return results;
  });
}

/** POST /api/admin/revenue/report/import: each row through recordConversion, in order. */
export async function importReportRows(database: Database, actor: AuditActor, request: ReportImportRequest, now = new Date()): Promise<ReportImportAnswer> {
  const read = readReportRows(formatOf(request), request.rows);
  const rows: ReportImportRow[] = [];
  const counts: ReportImportCounts = emptyReportCounts();
  const fail = (rowNumber: number, reason: string) => {
    rows.push({ rowNumber, outcome: 'failed', productId: null, reason });
    counts.failed++;
  };
  for (const item of read) {
    if (item.kind === 'error') {
      fail(item.error.rowNumber, item.error.reason);
      continue;
    }
    if (item.kind === 'repeat') {
      // The first row of the transaction is imported; its repeat changes nothing.
      rows.push({ rowNumber: item.rowNumber, outcome: 'unchanged', productId: null, reason: item.reason });
      counts.unchanged++;
      continue;
    }
    const { conversion } = item;
    try {
      const product = await database.run((db) => productByKey(db, conversion.productKey));
      const report = {
        network: request.network,
        clickId: conversion.clickId,
        productId: product?.id ?? null,
        currency: conversion.currency,
        source: 'report' as const,
        ...(conversion.day === null ? {} : { occurredAt: dayStart(conversion.day) }),
      };
      if (conversion.returnOf !== null) {
        const stored = await database.run((db) => storedConversion(db, request.network, conversion.transactionId));
        const sale = stored ? undefined : await database.run((db) => saleToReverse(db, request.network, conversion, new Set()));
        // A commission of 0 on a reversal keeps the stored sale's figures on its row (conversion-state.ts).
        if (sale) await recordConversion(database, { ...report, transactionId: sale.transactionId, clickId: null, productId: null, status: 'reversed', saleCents: null, commissionCents: 0 }, now);
      }
      const recorded = await recordConversion(
        database,
        { ...report, transactionId: conversion.transactionId, status: conversion.status, saleCents: conversion.saleCents, commissionCents: conversion.commissionCents },
        now,
      );
      rows.push({ rowNumber: conversion.rowNumber, outcome: recorded.outcome, productId: recorded.productId });
      counts[recorded.outcome]++;
      if (recorded.outcome !== 'unchanged' && recorded.productId === null) counts.unattributed++;
    } catch (error) {
      if (error instanceof ConversionConflict) {
        fail(conversion.rowNumber, `Row ${conversion.rowNumber}: ${error.message}`);
        continue;
      }
      console.error('report row not saved', error);
      fail(conversion.rowNumber, `Row ${conversion.rowNumber}: the conversion could not be saved`);
    }
  }
  if (counts.created + counts.updated > 0) {
    await database.run((db) =>
      appendAudit(db, actor, {
        action: 'revenue.report.import',
        entityType: 'conversion',
        entityId: request.network,
        summary: `Imported a ${reportNetworkLabels[request.network]} report: ${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.unattributed} unattributed, ${counts.failed} failed`,
      }),
    );
  }
  return { rows, counts };
}

function mappingAnswer(network: ReportNetwork, row: { mapping: Record<string, string>; updatedAt: Date } | undefined): ReportMappingAnswer {
  return { network, mapping: row?.mapping ?? null, updatedAt: row?.updatedAt.toISOString() ?? null };
}

export async function readReportMapping(database: Database, network: ReportNetwork): Promise<ReportMappingAnswer> {
  const row = await database.run((db) => db.select().from(reportMappings).where(eq(reportMappings.network, network)).get());
  return mappingAnswer(network, row);
}

/** Saves the network's last mapping (one row per network), with its audit entry in the same transaction. */
export async function saveReportMapping(database: Database, actor: AuditActor, input: ReportMappingRequest, now = new Date()): Promise<ReportMappingAnswer> {
  const mapping = Object.fromEntries(Object.entries(input.mapping).filter((entry): entry is [string, string] => entry[1] !== undefined));
  await database.run((db) =>
    db.transaction(async (tx) => {
      await tx
        .insert(reportMappings)
        .values({ network: input.network, mapping, updatedAt: now })
        .onConflictDoUpdate({ target: reportMappings.network, set: { mapping, updatedAt: now } });
      await appendAudit(tx, actor, {
        action: 'revenue.report.mapping',
        entityType: 'setting',
        entityId: input.network,
        summary: `Saved the ${reportNetworkLabels[input.network]} report column mapping`,
      });
    }),
  );
  return mappingAnswer(input.network, { mapping, updatedAt: now });
}
