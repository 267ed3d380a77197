/**
 * The daily link health e-mail (digest.ts): once a day per admin, the broken and out-of-stock links that admin has not
 * been told about, when SMTP is configured. What was sent is recorded so nothing is sent twice, even by two runs at
 * once: in one IMMEDIATE transaction a run claims the admin's day (link_health_digests, primary key admin and day) and
 * records the problems it will mail (link_health_mailed); a second run finds the day claimed and sends nothing. A
 * failed send gives the claim back, so a later run tries again. Called after each scheduled link check run.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { linkHealth, linkHealthDigests, linkHealthMailed, products, users } from '../../../db/schema.ts';
import { composeDigestEmail, digestClasses, type DigestItem } from '../../domain/admin/link-health/digest.ts';
import { utcDay } from '../../domain/revenue/figures.ts';
import { env } from '../env.ts';
import { adminMailerConfigFrom, createSmtpMailer, type Mailer } from '../mailer.ts';
import { reportedHealthSql } from '../admin/product-list.ts';

export interface DigestReport {
  /** Why nothing could be sent at all, if so. */
  skipped?: 'not-configured';
  /** Admins mailed by this run, with how many problems each. */
  sent: { email: string; items: number }[];
  failed: { email: string; error: string }[];
}

export interface DigestOptions {
  now?: Date;
  /** The mailer to use; null: not configured. Defaults to the SMTP settings of env.ts. */
  mailer?: Mailer | null;
}

function defaultMailer(): Mailer | null {
  const config = adminMailerConfigFrom(env());
  return config ? createSmtpMailer(config) : null;
}

/** Longer than any send takes (the mailer's timeouts add up to 20 s), so only a stopped run's claim is this old. */
export const ABANDONED_SEND_MS = 10 * 60_000;

/** The confirmed, unacknowledged broken and out-of-stock links now. */
async function currentProblems(database: Database): Promise<DigestItem[]> {
  return database.run((db) =>
    db
      .select({ productId: linkHealth.productId, productName: products.name, class: linkHealth.lastClass, url: linkHealth.url })
      .from(linkHealth)
      .innerJoin(products, eq(products.id, linkHealth.productId))
      .where(and(reportedHealthSql, inArray(linkHealth.lastClass, [...digestClasses])))
      .orderBy(linkHealth.productId),
  );
}

export async function sendLinkHealthDigests(database: Database, options: DigestOptions = {}): Promise<DigestReport> {
  const mailer = options.mailer === undefined ? defaultMailer() : options.mailer;
  const report: DigestReport = { sent: [], failed: [] };
  if (!mailer) return { ...report, skipped: 'not-configured' };
  const now = options.now ?? new Date();
  const day = utcDay(now);
  const problems = await currentProblems(database);
  const key = (productId: number, kind: string) => `${productId}:${kind}`;
  const current = new Set(problems.map((item) => key(item.productId, item.class)));

  // A problem that is gone (fixed, acknowledged, another class now) is forgotten, so a later break is news again.
  await database.run(async (db) => {
    const mailed = await db.selectDistinct({ productId: linkHealthMailed.productId, class: linkHealthMailed.class }).from(linkHealthMailed);
    for (const row of mailed.filter((row) => !current.has(key(row.productId, row.class)))) {
      await db.delete(linkHealthMailed).where(and(eq(linkHealthMailed.productId, row.productId), eq(linkHealthMailed.class, row.class)));
    }
  });
  if (problems.length === 0) return report;

  const admins = await database.run((db) => db.select({ id: users.id, email: users.email }).from(users).where(eq(users.role, 'admin')).orderBy(users.id));
  for (const admin of admins) {
    const claimed = await database.run((db) =>
      db.transaction(
        async (tx) => {
          // A claim still sending after ABANDONED_SEND_MS was left by a run stopped mid-send (a scheduled function
          // past its time limit): it is given back as a failed send is, or those problems would never be mailed.
          const abandoned = await tx
            .delete(linkHealthDigests)
            .where(
              and(
                eq(linkHealthDigests.userId, admin.id),
                eq(linkHealthDigests.day, day),
                sql`${linkHealthDigests.status} = 'sending'`,
                lt(linkHealthDigests.createdAt, new Date(now.getTime() - ABANDONED_SEND_MS)),
              ),
            )
            .returning({ day: linkHealthDigests.day });
          if (abandoned.length > 0) await tx.delete(linkHealthMailed).where(and(eq(linkHealthMailed.userId, admin.id), eq(linkHealthMailed.day, day)));
          const told = new Set(
            (await tx.select({ productId: linkHealthMailed.productId, class: linkHealthMailed.class }).from(linkHealthMailed).where(eq(linkHealthMailed.userId, admin.id))).map(
              (row) => key(row.productId, row.class),
            ),
          );
          const fresh = problems.filter((item) => !told.has(key(item.productId, item.class)));
          // Nothing new: the day stays unclaimed, so a problem found later today is still mailed today.
          if (fresh.length === 0) return [];
          const [claim] = await tx
            .insert(linkHealthDigests)
            .values({ userId: admin.id, day, status: 'sending', items: fresh.length, createdAt: now })
            .onConflictDoNothing()
            .returning({ day: linkHealthDigests.day });
          if (!claim) return [];
          await tx
            .insert(linkHealthMailed)
            .values(fresh.map((item) => ({ userId: admin.id, productId: item.productId, class: item.class, day })))
            .onConflictDoNothing();
          return fresh;
        },
        { behavior: 'immediate' },
      ),
    );
    if (claimed.length === 0) continue;
    try {
      await mailer.send(composeDigestEmail(claimed, { from: mailer.from, to: admin.email }, env().SITE_URL, day));
      await database.run((db) => db.update(linkHealthDigests).set({ status: 'sent' }).where(and(eq(linkHealthDigests.userId, admin.id), eq(linkHealthDigests.day, day))));
      report.sent.push({ email: admin.email, items: claimed.length });
    } catch (error) {
      // Give the claim back: the next run (within the hour) tries again with the same problems.
      await database.run((db) =>
        db.transaction(async (tx) => {
          await tx.delete(linkHealthMailed).where(and(eq(linkHealthMailed.userId, admin.id), eq(linkHealthMailed.day, day)));
          await tx.delete(linkHealthDigests).where(and(eq(linkHealthDigests.userId, admin.id), eq(linkHealthDigests.day, day), sql`${linkHealthDigests.status} = 'sending'`));
        }),
      );
      report.failed.push({ email: admin.email, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return report;
}
