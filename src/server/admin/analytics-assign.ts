/**
 * Reconciling an unattributed conversion (issue 14, point 5) through the one write path,
 * assignConversionProduct, then its audit entry. The audit entry is a second, short write after the assignment's
 * transaction: the assignment belongs to src/server/revenue/conversions.ts, whose transaction takes no extra work.
 */
import type { Database } from '../../../db/client.ts';
import { assignConversionProduct } from '../revenue/conversions.ts';
import { appendAudit, type AuditActor } from './audit.ts';

export type AssignResult =
  | { ok: true; assigned: { conversionId: number; productId: number; conversionCountDelta: number; revenueCentsDelta: number } }
  | { ok: false; reason: 'not-found' | 'already-attributed' | 'no-product' };

export async function assignConversion(database: Database, actor: AuditActor, conversionId: number, productId: number): Promise<AssignResult> {
  const outcome = await assignConversionProduct(database, conversionId, productId);
  if (!outcome.ok) return outcome;
  const { conversionCountDelta, revenueCentsDelta } = outcome.conversion;
  await database.run((db) =>
    appendAudit(db, actor, {
      action: 'conversion.assign',
      entityType: 'conversion',
      entityId: conversionId,
      summary: `Assigned conversion ${conversionId} to product ${productId}`,
    }),
  );
  return { ok: true, assigned: { conversionId, productId, conversionCountDelta, revenueCentsDelta } };
}
