/**
 * /api/admin/link-health* over HTTP against a real libSQL file (issue 13, points 2-4): who may call each endpoint,
 * the write guards, an on-demand check of fixture links from Manage's selection, the problems list worst first with the
 * overview's counts, a product's history, acknowledging a result, the auto-out-of-stock setting, and the products
 * list's health field and filter.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products } from '../../db/schema.ts';
import { linkHealthHistorySchema, linkHealthListSchema, linkHealthSettingsSchema } from '../../src/domain/admin/link-health/api.ts';
import { productListSchema } from '../../src/domain/admin/product-list.ts';
import { expectAdminOnly, expectWriteGuards, signedInAs } from '../helpers/admin-api.ts';
import { startLinkFixtureHosts, type LinkFixtureHosts } from '../helpers/link-health-fixtures.ts';
import { startLocalApi, type Browser, type LocalApi } from '../helpers/local-api.ts';

let api: LocalApi;
let shop: LinkFixtureHosts;
let admin: Browser;
let ids: { ok: number; gone: number; moved: number; wall: number };

beforeAll(async () => {
  shop = await startLinkFixtureHosts(1);
  process.env.SCRAPE_ALLOWED_HOSTS = shop.hosts.join(',');
  api = await startLocalApi();
  admin = await signedInAs(api, 'admin');
  const [base] = shop.bases;
  const rows = await api.temp.database.run((db) =>
    db
      .insert(products)
      .values(
        (['ok', 'gone', 'moved', 'robot-wall'] as const).map((path) => ({ name: `Health ${path}`, slug: `health-${path}`, affiliateUrl: `${base}/${path}` })),
      )
      .returning({ id: products.id }),
  );
  ids = { ok: rows[0]!.id, gone: rows[1]!.id, moved: rows[2]!.id, wall: rows[3]!.id };
});
afterAll(async () => {
  await api.close();
  await shop.close();
  delete process.env.SCRAPE_ALLOWED_HOSTS;
});

/** The check runs after the 202, in the server's process: wait for its run to finish. */
async function checkAndWait(productIds: number[]): Promise<void> {
  const response = await admin.fetch('/api/admin/link-health/check', { method: 'POST', json: { ids: productIds } });
  expect(response.status).toBe(202);
  const { run } = (await response.json()) as { run: { id: number; total: number } };
  expect(run.total).toBe(productIds.length);
  await waitForRun(run.id);
}

async function waitForRun(runId: number): Promise<void> {
  const run = { id: runId };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const list = linkHealthListSchema.parse(await (await admin.fetch('/api/admin/link-health?view=all')).json());
    if (list.lastRun?.id === run.id && !list.activeRun) return;
    if (Date.now() > deadline) throw new Error(`run ${run.id} did not finish`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('who may call', () => {
  it('every endpoint answers 401 to a visitor and 403 Access Denied to a plain user', async () => {
    for (const request of [
      { method: 'GET', path: '/api/admin/link-health' },
      { method: 'GET', path: `/api/admin/link-health/${ids.ok}` },
      { method: 'POST', path: '/api/admin/link-health/check', json: { ids: [ids.ok] } },
      { method: 'POST', path: `/api/admin/link-health/${ids.ok}/acknowledge`, json: { class: 'redirected', finalUrl: null } },
      { method: 'GET', path: '/api/admin/link-health/settings' },
      { method: 'PUT', path: '/api/admin/link-health/settings', json: { autoMarkOutOfStock: true } },
    ] as const) {
      await expectAdminOnly(api, request);
    }
  });

  it('writes refuse cross-site requests, bodies that are not JSON and broken JSON', async () => {
    await expectWriteGuards(admin, { method: 'POST', path: '/api/admin/link-health/check', json: { ids: [ids.ok] } });
    await expectWriteGuards(admin, { method: 'POST', path: `/api/admin/link-health/${ids.ok}/acknowledge`, json: { class: 'redirected', finalUrl: null } });
    await expectWriteGuards(admin, { method: 'PUT', path: '/api/admin/link-health/settings', json: { autoMarkOutOfStock: true } });
  });
});

describe('bad input', () => {
  it('422 with the message for an empty, too long or unknown selection; 400 for a bad list parameter; 404 for an unknown product', async () => {
    const post = (json: unknown) => admin.fetch('/api/admin/link-health/check', { method: 'POST', json });
    expect((await (await post({ ids: [] })).json()).error.description).toBe('Select at least one product.');
    expect((await (await post({ ids: Array.from({ length: 101 }, (_, i) => i + 1) })).json()).error.description).toBe('Select at most 100 products.');
    for (const body of [{}, { ids: [ids.ok], allMatching: {} }]) {
      const neither = await post(body);
      expect(neither.status).toBe(422);
      expect((await neither.json()).error.description).toBe('Choose the products: send ids or allMatching, one of the two.');
    }
    const noneMatch = await post({ allMatching: { search: 'no product is called this' } });
    expect(noneMatch.status).toBe(422);
    expect((await noneMatch.json()).error.description).toBe('No products match these filters.');
    expect((await post({ allMatching: { stock: 'sideways' } })).status).toBe(422);
    const unknown = await post({ ids: [ids.ok, 999_999] });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).error.description).toContain('999999');
    const badView = await admin.fetch('/api/admin/link-health?view=broken');
    expect(badView.status).toBe(400);
    expect((await badView.json()).error.description).toBe('view must be problems or all.');
    expect((await admin.fetch('/api/admin/link-health/999999')).status).toBe(404);
    expect((await admin.fetch('/api/admin/link-health/settings', { method: 'PUT', json: { autoMarkOutOfStock: 'yes' } })).status).toBe(422);
  });
});

describe('checking from Manage and reading the results', () => {
  it('a selection is checked after the 202; problems come worst first, with the counts; blocked is could-not-check', async () => {
    await checkAndWait([ids.ok, ids.gone, ids.moved, ids.wall]);
    await checkAndWait([ids.gone, ids.moved, ids.wall]);
    const list = linkHealthListSchema.parse(await (await admin.fetch('/api/admin/link-health')).json());
    expect(list.rows.map((row) => [row.productId, row.lastClass, row.reported])).toEqual([
      [ids.gone, 'not-found', true],
      [ids.wall, 'blocked', false],
      [ids.moved, 'redirected', true],
    ]);
    expect(list.counts).toMatchObject({ ok: 1, 'not-found': 1, redirected: 1, blocked: 1 });
    expect(list).toMatchObject({ reported: 2, couldNotCheck: 1, total: 3, activeRun: null });

    const history = linkHealthHistorySchema.parse(await (await admin.fetch(`/api/admin/link-health/${ids.gone}`)).json());
    expect(history.checks.map((check) => [check.class, check.statusCode])).toEqual([
      ['not-found', 404],
      ['not-found', 404],
    ]);
    expect(history.health).toMatchObject({ flagged: true, consecutive: 2 });
  });

  it("acknowledging 'this redirect is fine' silences it until it changes; a stale screen gets 409", async () => {
    const moved = linkHealthHistorySchema.parse(await (await admin.fetch(`/api/admin/link-health/${ids.moved}`)).json()).health!;
    const stale = await admin.fetch(`/api/admin/link-health/${ids.moved}/acknowledge`, { method: 'POST', json: { class: 'redirected', finalUrl: 'https://elsewhere.example/' } });
    expect(stale.status).toBe(409);
    const ack = await admin.fetch(`/api/admin/link-health/${ids.moved}/acknowledge`, { method: 'POST', json: { class: moved.lastClass, finalUrl: moved.lastFinalUrl } });
    expect(ack.status).toBe(200);
    expect(await ack.json()).toMatchObject({ acknowledged: true, reported: false });
    const list = linkHealthListSchema.parse(await (await admin.fetch('/api/admin/link-health')).json());
    expect(list.rows.map((row) => row.productId)).not.toContain(ids.moved);
    expect(list.reported).toBe(1);
    const audits = await api.temp.database.run((db) => db.select().from(auditLog).where(eq(auditLog.action, 'link-health.acknowledge')));
    expect(audits).toHaveLength(1);
    const notChecked = await admin.fetch(`/api/admin/link-health/${ids.ok + 1000}/acknowledge`, { method: 'POST', json: { class: 'redirected', finalUrl: null } });
    expect(notChecked.status).toBe(404);
  });

  it('the products list carries each row’s health and filters by it', async () => {
    const all = productListSchema.parse(await (await admin.fetch('/api/admin/products')).json());
    expect(all.rows.find((row) => row.id === ids.gone)?.health).toMatchObject({ class: 'not-found', reported: true });
    const problems = productListSchema.parse(await (await admin.fetch('/api/admin/products?health=problem')).json());
    expect(problems.rows.map((row) => row.id)).toEqual([ids.gone]);
    const blocked = productListSchema.parse(await (await admin.fetch('/api/admin/products?health=blocked')).json());
    expect(blocked.rows.map((row) => row.id)).toEqual([ids.wall]);
    expect((await admin.fetch('/api/admin/products?health=dead')).status).toBe(422);
  });

  it('every product matching the filters is checked as one run, the ids read by the server', async () => {
    const filter = { search: 'Health', health: 'problem' } as const;
    const matching = productListSchema.parse(await (await admin.fetch('/api/admin/products?search=Health&health=problem')).json());
    expect(matching.total).toBeGreaterThan(0);
    const response = await admin.fetch('/api/admin/link-health/check', { method: 'POST', json: { allMatching: filter } });
    expect(response.status).toBe(202);
    const { run } = (await response.json()) as { run: { id: number; total: number } };
    expect(run.total).toBe(matching.total);
    await waitForRun(run.id);
    const history = linkHealthHistorySchema.parse(await (await admin.fetch(`/api/admin/link-health/${ids.gone}`)).json());
    expect(history.checks).toHaveLength(3);
    // A product the filters leave out is not checked.
    const ok = linkHealthHistorySchema.parse(await (await admin.fetch(`/api/admin/link-health/${ids.ok}`)).json());
    expect(ok.checks).toHaveLength(1);
  });
});

describe('the auto-out-of-stock setting', () => {
  it('is off until set, then saved with an audit entry', async () => {
    expect(linkHealthSettingsSchema.parse(await (await admin.fetch('/api/admin/link-health/settings')).json())).toEqual({ autoMarkOutOfStock: false, updatedAt: null });
    const saved = await admin.fetch('/api/admin/link-health/settings', { method: 'PUT', json: { autoMarkOutOfStock: true } });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ autoMarkOutOfStock: true });
    expect(linkHealthSettingsSchema.parse(await (await admin.fetch('/api/admin/link-health/settings')).json()).autoMarkOutOfStock).toBe(true);
    const audits = await api.temp.database.run((db) => db.select().from(auditLog).where(eq(auditLog.action, 'setting.link-health')));
    expect(audits).toHaveLength(1);
  });
});
