/** The admin overview (issue 10, point 2): live figures, the build state, recent admin activity, the latest messages. */
import { count, desc, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { blogPosts, categories, contactMessages, products, users, type ContactMessageRow } from '../../../db/schema.ts';
import { MESSAGES_PAGE_SIZE, type AdminOverview, type ContactMessageView, type MessagesPage } from '../../domain/admin/overview.ts';
import { getBuildStatus } from '../rebuild.ts';
import { listRecentAudit } from './audit.ts';

const LATEST_MESSAGES = 5;
const ACTIVITY_ENTRIES = 10;

const sumOf = (condition: ReturnType<typeof sql>) => sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`.mapWith(Number);

export async function getAdminOverview(database: Database): Promise<AdminOverview> {
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
          clicks: sql<number>`coalesce(sum(${products.clickCount}), 0)`.mapWith(Number),
          conversions: sql<number>`coalesce(sum(${products.conversionCount}), 0)`.mapWith(Number),
          revenueCents: sql<number>`coalesce(sum(${products.revenueCents}), 0)`.mapWith(Number),
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
  const [builds, activity] = await Promise.all([getBuildStatus(10, database), listRecentAudit(database, ACTIVITY_ENTRIES)]);
  return {
    products: productFigures!,
    categories: categoryCount!.n,
    posts: { published: postFigures!.published, drafts: postFigures!.total - postFigures!.published },
    users: userCount!.n,
    messages: messageCount!.n,
    builds,
    activity,
    latestMessages: latest.map(messageView),
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
