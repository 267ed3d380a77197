/**
 * The admin audit log: every admin write appends to it inside its own transaction, so a change and its
 * record are written together or not at all (ARCHITECTURE section 12). The overview reads it back.
 *
 *   await database.run((db) => db.transaction(async (tx) => {
 *     await tx.update(products)...;
 *     await appendAudit(tx, actor, { action: 'product.update', entityType: 'product', entityId: id, summary: 'Updated "Foam Roller"' });
 *   }));
 */
import { desc, eq } from 'drizzle-orm';
import type { Database, Db } from '../../../db/client.ts';
import { auditLog, undoJobs } from '../../../db/schema.ts';
import { undoState, type UndoState } from '../../domain/admin/undo.ts';
import type { AppUser } from '../../domain/user.ts';

/** Who made a change: the signed-in admin. */
export type AuditActor = Pick<AppUser, 'id' | 'email'>;

/** Who an entry names: an admin, or a job acting on its own (no user, so user_id stays empty; email names the job). */
export type AuditAuthor = AuditActor | { id: null; email: string };

export interface AuditEntry {
  /** e.g. 'product.create', 'products.bulk.publish', 'category.delete'. */
  action: string;
  /** product, category, post, setting, build. */
  entityType: string;
  entityId?: string | number | null;
  /** One line a person reads on the overview. */
  summary: string;
}

/** A drizzle transaction or the database itself: anything that can insert. */
type Writer = Pick<Db, 'insert'>;

const MAX_SUMMARY = 500;

/** Appends the entries; answers their ids, in order. */
export async function appendAudit(writer: Writer, actor: AuditAuthor, entries: AuditEntry | readonly AuditEntry[]): Promise<number[]> {
  const list = Array.isArray(entries) ? entries : [entries as AuditEntry];
  if (list.length === 0) return [];
  const at = new Date();
  const rows = await writer.insert(auditLog).values(
    list.map((entry) => ({
      at,
      userId: actor.id,
      userEmail: actor.email,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      summary: entry.summary.length > MAX_SUMMARY ? `${entry.summary.slice(0, MAX_SUMMARY - 1)}…` : entry.summary,
    })),
  ).returning({ id: auditLog.id });
  return rows.map((row) => row.id);
}

export interface AuditRecord {
  id: number;
  at: Date;
  userEmail: string;
  action: string;
  entityType: string;
  entityId: string | null;
  summary: string;
  /** The undoable write this entry records, and whether Undo is still offered; null for other entries. */
  undo: { jobId: number; state: UndoState } | null;
}

/** The newest entries first. */
export async function listRecentAudit(database: Database, limit = 20, now: Date = new Date()): Promise<AuditRecord[]> {
  const rows = await database.run((db) =>
    db.select({ entry: auditLog, job: undoJobs }).from(auditLog).leftJoin(undoJobs, eq(undoJobs.auditId, auditLog.id)).orderBy(desc(auditLog.id)).limit(limit),
  );
  return rows.map(({ entry, job }) => ({
    id: entry.id,
    at: entry.at,
    userEmail: entry.userEmail,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    summary: entry.summary,
    undo: job ? { jobId: job.id, state: undoState(job, now) } : null,
  }));
}
