/**
 * Without PINTEREST_ACCESS_TOKEN (issue 12, point 3): the screen's endpoints say so plainly — settings, boards and
 * 'Publish now' answer the 'not configured' state, never an error — nothing changes, Pinterest is never called, and the
 * CSV route still works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.ts';
import type { BoardsAnswer, PinBulkResult, PinExport, PinView, PinterestState, PublishReport } from '../../src/domain/admin/pinterest/api.ts';
import Papa from 'papaparse';
import { csvPublishDate } from '../../src/domain/admin/pinterest/bulk-csv.ts';
import { pinTexts } from '../../src/domain/admin/pinterest/texts.ts';
import { signedInAs } from '../helpers/admin-api.ts';
import { startFakePinterest, type FakePinterest } from '../helpers/fake-pinterest.ts';
import { startLocalApi, type Browser, type LocalApi } from '../helpers/local-api.ts';

let api: LocalApi;
let fake: FakePinterest;
let admin: Browser;

beforeAll(async () => {
  fake = await startFakePinterest();
  process.env.PINTEREST_API_BASE = fake.url;
  delete process.env.PINTEREST_ACCESS_TOKEN;
  api = await startLocalApi();
  admin = await signedInAs(api, 'admin');
});

afterAll(async () => {
  await api.close();
  await fake.close();
});

const get = async <T,>(path: string) => (await (await admin.fetch(path)).json()) as T;
const post = async <T,>(path: string, json: unknown) => {
  const response = await admin.fetch(path, { method: 'POST', json });
  return { status: response.status, body: (await response.json()) as T };
};

describe('no Pinterest token', () => {
  it('says so in the settings and the boards, and offers the CSV route', async () => {
    expect(await get<PinterestState>('/api/admin/pinterest/settings')).toMatchObject({ configured: false, tokenStatus: 'not_configured', tokenMessage: pinTexts.notConfigured });
    expect(await get<BoardsAnswer>('/api/admin/pinterest/boards')).toEqual({ tokenStatus: 'not_configured', boards: [], message: pinTexts.notConfigured });
    expect(pinTexts.notConfigured).toContain('CSV');
  });

  it('keeps pins as they are on publish now, and exports them as CSV', async () => {
    const [product] = await api.temp.database.run((db) =>
      db.insert(products).values({ name: 'Foam Roller', slug: 'foam-roller', imageUrl: '/images/r.png', affiliateUrl: 'https://shop.example/r' }).returning({ id: products.id }),
    );
    const created = await post<{ pin: PinView; publish: PublishReport }>('/api/admin/pins', { source: { type: 'product', id: product!.id }, boardId: '101', boardName: 'Recovery', publish: 'now' });
    expect(created.status).toBe(201);
    expect(created.body.publish).toMatchObject({ stoppedBecause: 'not-configured', published: 0 });
    expect(created.body.pin.status).toBe('scheduled');
    const report = await post<PublishReport>('/api/admin/pins/publish', { ids: [created.body.pin.id] });
    expect(report).toMatchObject({ status: 200, body: { stoppedBecause: 'not-configured', message: pinTexts.notConfigured } });
    const exported = await post<PinExport>('/api/admin/pins/export', { ids: [created.body.pin.id] });
    expect(exported.body.files).toHaveLength(1);
    expect(fake.requests).toEqual([]);
  });

  it('keeps a board named without an id, so a draft made without a token reaches the CSV file, and bulk naming works too', async () => {
    const [product] = await api.temp.database.run((db) =>
      db.insert(products).values({ name: 'Yoga Block Pair', slug: 'yoga-block-pair', imageUrl: '/images/y.png', affiliateUrl: 'https://shop.example/y' }).returning({ id: products.id }),
    );
    const created = await post<{ pin: PinView }>('/api/admin/pins', { source: { type: 'product', id: product!.id }, boardName: '  Home yoga  ' });
    expect(created.status).toBe(201);
    expect(created.body.pin).toMatchObject({ boardId: null, boardName: 'Home yoga', status: 'draft' });
    const other = await post<{ pin: PinView }>('/api/admin/pins', { source: { type: 'product', id: product!.id } });
    expect(other.body.pin.boardName).toBeNull();
    const renamed = await post<unknown>('/api/admin/pins/bulk', { action: 'edit', ids: [other.body.pin.id], boardName: 'Stretching' });
    expect(renamed.status).toBe(200);

    const exported = await post<PinExport>('/api/admin/pins/export', { ids: [created.body.pin.id, other.body.pin.id] });
    expect(exported.body.skipped).toEqual([]);
    const csv = exported.body.files.map((file) => file.csv).join('\n');
    expect(csv).toContain('Home yoga');
    expect(csv).toContain('Stretching');
  });

  it('schedules with a board named by text: the time goes into Publish date and the product’s tags into Keywords', async () => {
    const [product] = await api.temp.database.run((db) =>
      db
        .insert(products)
        .values({
          name: 'Cork Massage Ball',
          slug: 'cork-massage-ball',
          imageUrl: '/images/b.png',
          affiliateUrl: 'https://shop.example/b',
          attributes: { tags: ['recovery', 'Mobility, hips', 'RECOVERY', 42, '  '] },
        })
        .returning({ id: products.id }),
    );
    const at = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    at.setUTCMilliseconds(0);
    const created = await post<{ pin: PinView }>('/api/admin/pins', {
      source: { type: 'product', id: product!.id },
      boardName: 'Home recovery',
      publish: 'schedule',
      publishAt: at.toISOString(),
    });
    expect(created.status).toBe(201);
    expect(created.body.pin).toMatchObject({ boardId: null, boardName: 'Home recovery', status: 'scheduled', publishAt: at.toISOString() });

    const exported = await post<PinExport>('/api/admin/pins/export', { ids: [created.body.pin.id] });
    expect(exported.body.skipped).toEqual([]);
    const [row] = Papa.parse<Record<string, string>>(exported.body.files[0]!.csv, { header: true }).data;
    expect(row).toMatchObject({ 'Pinterest board': 'Home recovery', 'Publish date': csvPublishDate(at), Keywords: 'recovery,Mobility hips' });
    expect(fake.requests).toEqual([]);
  });

  it('bulk reschedules pins named by board text, and a reschedule that changes nothing says so', async () => {
    const [product] = await api.temp.database.run((db) =>
      db.insert(products).values({ name: 'Resistance Band', slug: 'resistance-band', imageUrl: '/images/rb.png', affiliateUrl: 'https://shop.example/rb' }).returning({ id: products.id }),
    );
    const named = await Promise.all(
      [1, 2].map(async () => (await post<{ pin: PinView }>('/api/admin/pins', { source: { type: 'product', id: product!.id }, boardName: 'Bands' })).body.pin.id),
    );
    const at = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString();
    const moved = await post<PinBulkResult>('/api/admin/pins/bulk', { action: 'reschedule', ids: named, publishAt: at, everyMinutes: 30 });
    expect(moved.body).toMatchObject({ changed: 2, unchanged: 0, title: 'Pins rescheduled' });

    const unnamed = await Promise.all(
      [1, 2].map(async () => (await post<{ pin: PinView }>('/api/admin/pins', { source: { type: 'product', id: product!.id } })).body.pin.id),
    );
    const nothing = await post<PinBulkResult>('/api/admin/pins/bulk', { action: 'reschedule', ids: unnamed, publishAt: at, everyMinutes: 0 });
    expect(nothing.status).toBe(200);
    expect(nothing.body).toMatchObject({ changed: 0, unchanged: 2, title: 'No pins rescheduled', description: '0 of 2 pins changed. 2 left as they were (no board, publishing or published).' });
  });

  it('refuses to schedule with no board at all, with the message the form shows', async () => {
    const [product] = await api.temp.database.run((db) =>
      db.insert(products).values({ name: 'Jump Rope', slug: 'jump-rope', imageUrl: '/images/j.png', affiliateUrl: 'https://shop.example/j' }).returning({ id: products.id }),
    );
    const refused = await post<{ error: { description: string } }>('/api/admin/pins', { source: { type: 'product', id: product!.id }, publish: 'schedule', publishAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(refused.status).toBe(422);
    expect(refused.body.error.description).toBe(pinTexts.boardRequired);
  });
});
