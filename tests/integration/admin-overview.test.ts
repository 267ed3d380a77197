/**
 * The admin overview over HTTP against a real libSQL file (issue 10, point 2): the figures by status and stock, the
 * build state with its failure report, 'Rebuild now', the audit log every admin write appends to, and the contact
 * messages one click away.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, contactMessages, products, siteBuilds } from '../../db/schema.ts';
import { MESSAGES_PAGE_SIZE } from '../../src/domain/admin/overview.ts';
import { MANUAL_REBUILD_REASON } from '../../src/server/admin/builds.ts';
import { expectAdminOnly, expectWriteGuards, signedInAs } from '../helpers/admin-api.ts';
import type { Browser, LocalApi } from '../helpers/local-api.ts';
import { startLocalApi } from '../helpers/local-api.ts';

let api: LocalApi;
let admin: Browser;

const overview = async () => {
  const response = await admin.fetch('/api/admin/overview');
  expect(response.status).toBe(200);
  return response.json();
};

beforeAll(async () => {
  api = await startLocalApi();
  admin = await signedInAs(api, 'admin');
  const db = api.temp.database;
  const [category] = await db.run((d) => d.insert(categories).values({ name: 'Overview Test', slug: 'overview-test' }).returning());
  const product = (name: string, attributes: Record<string, unknown>, inStock = true) => ({
    name,
    slug: name.toLowerCase().replaceAll(' ', '-'),
    affiliateUrl: 'https://www.example.com/item',
    categoryId: category!.id,
    attributes,
    inStock,
  });
  await db.run((d) =>
    d.insert(products).values([
      product('Draft Roller', { status: 'draft' }),
      product('Active Roller', { status: 'active' }, false),
      product('Published Roller', { status: 'Published' }),
      product('Plain Roller', {}),
    ]),
  );
  await db.run((d) =>
    d.insert(contactMessages).values(
      Array.from({ length: MESSAGES_PAGE_SIZE + 3 }, (_, i) => ({
        firstName: 'Sam',
        lastName: `Sender ${i + 1}`,
        email: `sam${i + 1}@example.com`,
        subject: `Question ${i + 1}`,
        message: `Message body ${i + 1}`,
        emailStatus: i % 2 ? ('sent' as const) : ('not_configured' as const),
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    ),
  );
});
afterAll(() => api.close());

describe('who may see the overview and ask for a rebuild', () => {
  it('refuses visitors and plain users on every endpoint', async () => {
    await expectAdminOnly(api, { method: 'GET', path: '/api/admin/overview' });
    await expectAdminOnly(api, { method: 'GET', path: '/api/admin/messages' });
    await expectAdminOnly(api, { method: 'GET', path: '/api/admin/builds' });
    await expectAdminOnly(api, { method: 'POST', path: '/api/admin/builds', json: {} });
    const builds = await api.temp.database.run((d) => d.select().from(siteBuilds).where(eq(siteBuilds.reason, MANUAL_REBUILD_REASON)));
    expect(builds).toEqual([]);
  });

  it('guards the rebuild request like every admin write', async () => {
    await expectWriteGuards(admin, { method: 'POST', path: '/api/admin/builds', json: {} });
    expect((await admin.fetch('/api/admin/overview', { method: 'DELETE' })).status).toBe(405);
  });
});

describe('the figures', () => {
  it('counts products by status and stock, whatever the spelling of the status', async () => {
    const { products: figures } = await overview();
    expect(figures).toMatchObject({ total: 4, draft: 1, active: 2, published: 1, inStock: 3, outOfStock: 1 });
  });

  it('shows the five latest messages with their e-mail status, and the total', async () => {
    const data = await overview();
    expect(data.messages).toBe(MESSAGES_PAGE_SIZE + 3);
    expect(data.latestMessages.map((message: { subject: string }) => message.subject)).toEqual(
      [28, 27, 26, 25, 24].map((n) => `Question ${n}`),
    );
    expect(data.latestMessages[0]).toMatchObject({ name: 'Sam Sender 28', email: 'sam28@example.com', emailStatus: 'sent' });
  });
});

describe('every message, a page at a time', () => {
  it('pages newest first', async () => {
    const first = await (await admin.fetch('/api/admin/messages')).json();
    expect(first).toMatchObject({ total: MESSAGES_PAGE_SIZE + 3, page: 1, pageSize: MESSAGES_PAGE_SIZE });
    expect(first.rows).toHaveLength(MESSAGES_PAGE_SIZE);
    const second = await (await admin.fetch('/api/admin/messages?page=2')).json();
    expect(second.rows.map((message: { subject: string }) => message.subject)).toEqual(['Question 3', 'Question 2', 'Question 1']);
    expect(second.rows[2].message).toBe('Message body 1');
  });

  it.each(['0', '-1', 'abc', '1.5'])('answers page=%s with 422, not a 500', async (page) => {
    const response = await admin.fetch(`/api/admin/messages?page=${page}`);
    expect(response.status).toBe(422);
    expect((await response.json()).error.description).toMatch(/page/i);
  });
});

describe('the build state', () => {
  it("reports the latest failure's error and log tail, and the live build", async () => {
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
    await api.temp.database.run((d) =>
      d.insert(siteBuilds).values([
        { status: 'succeeded', reason: 'first build', requestedAt: minutesAgo(30), startedAt: minutesAgo(30), finishedAt: minutesAgo(29) },
        {
          status: 'failed',
          reason: 'product updated',
          requestedAt: minutesAgo(10),
          startedAt: minutesAgo(10),
          finishedAt: minutesAgo(9),
          error: 'The build failed (exit code 1): boom',
          logTail: 'building...\nError: boom',
        },
      ]),
    );
    const { builds } = await overview();
    expect(builds.active).toBe(false);
    expect(builds.live).toMatchObject({ reason: 'first build', status: 'succeeded' });
    expect(builds.builds[0]).toMatchObject({ status: 'failed', error: 'The build failed (exit code 1): boom', logTail: 'building...\nError: boom' });
  });

  it("'Rebuild now' queues a build, answers 202 with the state, and is in the audit log", async () => {
    const response = await admin.fetch('/api/admin/builds', { method: 'POST', json: {} });
    expect(response.status).toBe(202);
    const state = await response.json();
    expect(state.active).toBe(true);
    expect(state.builds[0]).toMatchObject({ reason: MANUAL_REBUILD_REASON, status: 'queued' });
    const [entry] = await api.temp.database.run((d) => d.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1));
    expect(entry).toMatchObject({ action: 'build.request', entityType: 'build', summary: 'Asked for a rebuild of the site' });
    expect(entry!.userEmail).toMatch(/^admin-.*@example\.com$/);
  });
});

describe('recent activity', () => {
  it('lists admin writes newest first with who made them', async () => {
    expect((await admin.fetch('/api/admin/settings/hero', { method: 'PUT', json: { type: 'color', color: '#123456' } })).status).toBe(200);
    const { activity } = await overview();
    expect(activity[0]).toMatchObject({ action: 'setting.hero', summary: 'Set the home hero to a colour', entityType: 'setting' });
    expect(activity[1]).toMatchObject({ action: 'build.request' });
    expect(new Date(activity[0].at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});
