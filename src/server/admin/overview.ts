/** The admin overview (issue 10, point 2): live figures, the build state, recent admin activity, the latest messages. */
import { count, desc, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { blogPosts, categories, contactMessages, products, users, type ContactMessageRow } from '../../../db/schema.ts';
import { MESSAGES_PAGE_SIZE, type AdminOverview, type ContactMessageView, type MessagesPage } from '../../domain/admin/overview.ts';
import type { AnalyticsRange } from '../../domain/admin/analytics.ts';
import { getBuildStatus } from '../rebuild.ts';
import { rangeTotals } from './analytics.ts';
import { listRecentAudit } from './audit.ts';
import { listBlockLosses } from '../article-blocks/block-losses.ts';

const LATEST_MESSAGES = 5;
const ACTIVITY_ENTRIES = 10;

const sumOf = (condition: ReturnType<typeof sql>) => sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`.mapWith(Number);

/**
 * The overview's figures. Clicks, conversions and revenue are those of `range` (the analytics dashboard's default
 * when the screen asks for none), read by rangeTotals, the query the dashboard and the products list agree with; the
 * products' stored counters are not read, so a seeded or imported counter can never disagree with the events.
 */
export async function getAdminOverview(database: Database, range: AnalyticsRange): Promise<AdminOverview> {
  const [productFigures, categoryCount, postFigures, userCount, messageCount, latest] = await database.run((db) =>
    Promise.all([
      db
        .select({
          total: count(),
          draft: sumOf(sql`${products.status} = 'draft'`),
          active: sumOf(sql`${products.status} = 'active'`),
          published: sumOf(sql`${products.status} = 'published'`),
          inStock: sumOf(sql`${products.inStock} = 1`),
          outOfStock: sumOf(sql`${products.inStock} = 0`),
        })
        .from(products)
        .get(),
      db.select({ n: count() }).from(categories).get(),
      db
        .select({ published: sql<number>`coalesce(sum(${blogPosts.published}), 0)`.mapWith(Number), total: count() })
        .from(blogPosts)
        .get(),
      db.select({ n: count() }).from(users).get(),
      db.select({ n: count() }).from(contactMessages).get(),
      db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(LATEST_MESSAGES),
    ]),
  );
  const [builds, activity, totals, blockLosses] = await Promise.all([
    getBuildStatus(10, database),
    listRecentAudit(database, ACTIVITY_ENTRIES),
    rangeTotals(database, range),
    listBlockLosses(database),
  ]);
  return {
    products: { ...productFigures!, clicks: totals.clicks, conversions: totals.conversions, revenueCents: totals.commissionCents },
    range: { preset: range.preset, from: range.from, to: range.to },
    categories: categoryCount!.n,
    posts: { published: postFigures!.published, drafts: postFigures!.total - postFigures!.published },
    users: userCount!.n,
    messages: messageCount!.n,
    builds,
    activity,
    latestMessages: latest.map(messageView),
    blockLosses,
  };
}

function messageView(row: ContactMessageRow): ContactMessageView {
  return {
    id: row.id,
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    subject: row.subject,
    message: row.message,
    emailStatus: row.emailStatus,
    createdAt: row.createdAt,
  };
}

/** One page of every contact message, newest first. */
export async function listContactMessages(database: Database, page: number): Promise<MessagesPage> {
  const [rows, total] = await database.run((db) =>
    Promise.all([
      db
        .select()
        .from(contactMessages)
        .orderBy(desc(contactMessages.id))
        .limit(MESSAGES_PAGE_SIZE)
        .offset((page - 1) * MESSAGES_PAGE_SIZE),
      db.select({ n: count() }).from(contactMessages).get(),
    ]),
  );
  return { rows: rows.map(messageView), total: total!.n, page, pageSize: MESSAGES_PAGE_SIZE };
}
