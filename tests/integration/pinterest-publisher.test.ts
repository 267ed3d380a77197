/**
 * The Pinterest publisher against a fake Pinterest API on localhost and a real libSQL file (issue 12, points 3, 4 and
 * 6): time order and pace, each error class (401, 403, 429, a 4xx for one pin, 5xx, a dropped connection), the time
 * budget, the scheduled function, and the rule that a pin is never published twice — also after the process dies
 * between the request and its write.
 */
import { spawn } from 'node:child_process';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pins, settings, type NewPinRow } from '../../db/schema.ts';
import { pinPageLink } from '../../src/domain/admin/pinterest/links.ts';
import { newPinKey } from '../../src/server/admin/pins.ts';
import { PUBLISHING_LEASE_MS, runPinterestPublisher, type PublisherOptions } from '../../src/server/jobs/pinterest-publisher.ts';
import { clearBoardsCache, getBoards } from '../../src/server/pinterest/boards.ts';
import { PinterestClient } from '../../src/server/pinterest/client.ts';
import { pinterestConnection, tokenFingerprint, tokenStatus, writePinsPerHour } from '../../src/server/pinterest/state.ts';
import { startFakePinterest, type FakePinterest } from '../helpers/fake-pinterest.ts';
import { createTempDatabase, type TempDatabase } from '../helpers/temp-db.ts';

const SITE = 'https://repwell.example';
let temp: TempDatabase;
let fake: FakePinterest;
const T0 = new Date('2026-11-23T09:00:00Z');
const at = (ms: number) => () => new Date(T0.getTime() + ms);
const fast: PublisherOptions = { backoffBaseMs: 10, now: at(0) };

beforeAll(async () => {
  temp = await createTempDatabase();
  fake = await startFakePinterest({ token: 'fake-token', boards: [{ id: '101', name: 'Recovery' }, { id: '102', name: 'Yoga' }] });
  Object.assign(process.env, { DATABASE_URL: temp.url, SITE_URL: SITE, PINTEREST_API_BASE: fake.url, PINTEREST_ACCESS_TOKEN: fake.token });
});

afterAll(async () => {
  await fake.close();
  temp.cleanup();
});

beforeEach(async () => {
  fake.reset();
  clearBoardsCache();
  await temp.database.run(async (db) => {
    await db.delete(pins);
    await db.delete(settings).where(like(settings.id, 'pinterest.%'));
    await writePinsPerHour(db, 100);
  });
});

let serial = 0;
async function addPin(overrides: Partial<NewPinRow> = {}): Promise<number> {
  serial++;
  const key = newPinKey();
  const [row] = await temp.database.run((db) =>
    db
      .insert(pins)
      .values({
        sourceType: 'product',
        sourceName: `Product ${serial}`,
        title: `Pin ${serial}`,
        description: 'Deep recovery at home.',
        link: pinPageLink(SITE, { type: 'product', slug: `product-${serial}` }, key),
        imageUrl: `/images/product-${serial}.png`,
        altText: `Product ${serial}`,
        boardId: '101',
        boardName: 'Recovery',
        status: 'scheduled',
        publishAt: new Date(T0.getTime() - 60_000),
        idempotencyKey: key,
        ...overrides,
      })
      .returning({ id: pins.id }),
  );
  return row!.id;
}

const pinRow = async (id: number) => (await temp.database.run((db) => db.select().from(pins).where(eq(pins.id, id))))[0]!;
const run = (options: PublisherOptions = {}) => runPinterestPublisher(temp.database, { ...fast, ...options });

describe('publishing scheduled pins', () => {
  it('sends the due pins in time order with Pinterest’s fields and records each pin’s id and link', async () => {
    const late = await addPin({ title: 'Second', publishAt: new Date(T0.getTime() - 60_000) });
    const early = await addPin({ title: 'First', publishAt: new Date(T0.getTime() - 120_000) });
    const future = await addPin({ title: 'Later', publishAt: new Date(T0.getTime() + 3_600_000) });
    const draft = await addPin({ title: 'Draft', status: 'draft' });
    const report = await run({ ids: undefined });
    expect(report).toMatchObject({ published: 1, stoppedBecause: 'pace' });
    // 100 an hour: one every 36 s.
    const second = await run({ now: at(36_000) });
    expect(second).toMatchObject({ published: 1, failed: 0, left: 0, stoppedBecause: 'done' });
    expect(fake.pins.map((pin) => pin.title)).toEqual(['First', 'Second']);
    const first = await pinRow(early);
    expect(first).toMatchObject({ status: 'published', pinterestPinId: fake.pins[0]!.id, pinterestUrl: `https://www.pinterest.com/pin/${fake.pins[0]!.id}/`, failureReason: null });
    expect(first.publishedAt?.toISOString()).toBe(T0.toISOString());
    const body = fake.requests.find((request) => request.method === 'POST')!.body;
    expect(body).toEqual({
      board_id: '101',
      title: 'First',
      description: 'Deep recovery at home.',
      link: first.link,
      alt_text: first.altText,
      media_source: { source_type: 'image_url', url: `${SITE}${first.imageUrl}` },
    });
    expect(first.link).toContain(`utm_content=${first.idempotencyKey}`);
    expect((await pinRow(late)).status).toBe('published');
    expect((await pinRow(future)).status).toBe('scheduled');
    expect((await pinRow(draft)).status).toBe('draft');
    expect(fake.requests.every((request) => request.authorization === 'Bearer fake-token')).toBe(true);
  });

  it('spaces scheduled pins 60/perHour minutes apart and never sends more than perHour in an hour', async () => {
    await temp.database.run((db) => writePinsPerHour(db, 2));
    for (let index = 0; index < 4; index++) await addPin();
    expect((await run()).published).toBe(1);
    expect((await run({ now: at(29 * 60_000) })).published).toBe(0);
    expect((await run({ now: at(30 * 60_000) })).published).toBe(1);
    // Two in the last hour: the third waits until the first leaves the window.
    expect((await run({ now: at(59 * 60_000) }))).toMatchObject({ published: 0, stoppedBecause: 'pace', left: 2 });
    expect((await run({ now: at(60 * 60_000) })).published).toBe(1);
    expect(fake.createCalls()).toBe(3);
  });

  it('lets publish now skip the spacing but not the hourly cap', async () => {
    await temp.database.run((db) => writePinsPerHour(db, 3));
    const ids = [await addPin(), await addPin(), await addPin(), await addPin(), await addPin()];
    const report = await run({ ids });
    expect(report).toMatchObject({ published: 3, left: 2, stoppedBecause: 'pace' });
  });

  it('stops at the end of its time budget and leaves the rest for the next run', async () => {
    await addPin();
    await addPin();
    expect(await run({ budgetMs: 0 })).toMatchObject({ published: 0, left: 2, stoppedBecause: 'time-budget' });
    expect(fake.createCalls()).toBe(0);
  });

  it('records a run that published, but writes nothing for a run with nothing due', async () => {
    const lastRun = async () => (await temp.database.run((db) => db.select().from(settings).where(eq(settings.id, 'pinterest.last_run'))))[0];
    expect(await run()).toMatchObject({ published: 0, left: 0, stoppedBecause: 'done' });
    expect(await lastRun()).toBeUndefined();
    await addPin();
    await run();
    const recorded = await lastRun();
    expect(recorded?.value).toMatchObject({ at: T0.toISOString(), published: 1, stoppedBecause: 'done' });
    await run({ now: at(60_000) });
    expect((await lastRun())?.updatedAt).toEqual(recorded?.updatedAt);
    expect((await lastRun())?.value).toMatchObject({ at: T0.toISOString() });
  });

  it('runs from the Netlify Scheduled Function with the same service', async () => {
    const { default: scheduled, config } = await import('../../netlify/functions/pinterest-scheduled.ts');
    expect(config.schedule).toBe('*/5 * * * *');
    const id = await addPin({ publishAt: new Date(Date.now() - 60_000) });
    const answer = await scheduled();
    expect(await answer.json()).toMatchObject({ published: 1, stoppedBecause: 'done' });
    expect((await pinRow(id)).status).toBe('published');
  });
});

describe('errors as a publisher needs them', () => {
  it('stops on 401, keeps the pin scheduled and says the token must be renewed until another token is set', async () => {
    const id = await addPin();
    fake.failNext({ status: 401, message: 'Authentication failed.' });
    expect(await run()).toMatchObject({ published: 0, stoppedBecause: 'token' });
    expect(await pinRow(id)).toMatchObject({ status: 'scheduled', failureReason: null });
    expect(await tokenStatus(temp.database)).toMatchObject({ status: 'needs_renewal' });
    const before = fake.requests.length;
    expect(await run()).toMatchObject({ stoppedBecause: 'token' });
    expect(fake.requests.length).toBe(before);
    // A renewed token (another fingerprint) is tried at once.
    const renewed = { configured: true, client: new PinterestClient({ baseUrl: fake.url, token: fake.token }), fingerprint: tokenFingerprint('renewed') };
    expect(await run({ connection: renewed })).toMatchObject({ published: 1 });
  });

  it('stops on 403 the same way', async () => {
    const id = await addPin();
    fake.failNext({ status: 403, message: 'Not permitted to access the board.' });
    expect(await run()).toMatchObject({ stoppedBecause: 'token' });
    expect((await pinRow(id)).status).toBe('scheduled');
    expect((await tokenStatus(temp.database)).message).toContain('Not permitted to access the board.');
  });

  it('waits as Retry-After says on 429 and tries again in the same run', async () => {
    const id = await addPin();
    fake.failNext({ status: 429, retryAfter: '1' });
    const started = performance.now();
    expect(await run()).toMatchObject({ published: 1 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(900);
    expect(fake.createCalls()).toBe(2);
    expect((await pinRow(id)).status).toBe('published');
  });

  it('leaves the run when a 429 asks for longer than its budget, and resumes after that time', async () => {
    const id = await addPin();
    fake.failNext({ status: 429, retryAfter: '3600' });
    expect(await run()).toMatchObject({ stoppedBecause: 'rate-limited', left: 1 });
    expect((await pinRow(id)).status).toBe('scheduled');
    expect(await run({ now: at(60_000) })).toMatchObject({ stoppedBecause: 'rate-limited' });
    expect(fake.createCalls()).toBe(1);
    const later = await run({ now: at(3_601_000) });
    expect(later.published).toBe(1);
  });

  it('fails one pin with Pinterest’s message on a 4xx and goes on with the others', async () => {
    const bad = await addPin({ publishAt: new Date(T0.getTime() - 120_000) });
    const good = await addPin();
    fake.failNext({ status: 400, code: 1, message: 'Invalid request: the image could not be fetched.' });
    expect(await run({ ids: [bad, good] })).toMatchObject({ published: 1, failed: 1, stoppedBecause: 'done' });
    expect(await pinRow(bad)).toMatchObject({ status: 'failed', failureReason: 'Invalid request: the image could not be fetched.' });
    expect((await pinRow(good)).status).toBe('published');
  });

  it('retries 5xx with backoff, looking for the pin on its board before each resend', async () => {
    const id = await addPin();
    fake.failNext({ status: 500 }, { times: 2 });
    expect(await run()).toMatchObject({ published: 1 });
    expect(await pinRow(id)).toMatchObject({ status: 'published', attempts: 2 });
    expect(fake.createCalls()).toBe(3);
    expect(fake.requests.filter((request) => request.path === '/v5/boards/101/pins')).toHaveLength(2);
    expect(fake.pins).toHaveLength(1);
  });

  it('fails a pin after three retries', async () => {
    const id = await addPin();
    fake.failNext({ status: 503, message: 'Service unavailable.' }, { times: 4 });
    expect(await run()).toMatchObject({ failed: 1 });
    expect(await pinRow(id)).toMatchObject({ status: 'failed', failureReason: 'Service unavailable. (gave up after 3 retries)', attempts: 4 });
    expect(fake.createCalls()).toBe(4);
  });

  it('retries a dropped connection', async () => {
    const id = await addPin();
    fake.failNext('drop');
    expect(await run()).toMatchObject({ published: 1, reconciled: 0 });
    expect((await pinRow(id)).status).toBe('published');
    expect(fake.pins).toHaveLength(1);
  });
});

describe('never published twice', () => {
  it('finds the pin Pinterest made when the answer was lost, instead of sending it again', async () => {
    const id = await addPin();
    fake.failNext('drop-after-create');
    expect(await run()).toMatchObject({ published: 1, reconciled: 1 });
    expect(fake.createCalls()).toBe(1);
    expect(fake.pins).toHaveLength(1);
    expect((await pinRow(id)).pinterestPinId).toBe(fake.pins[0]!.id);
  });

  it('recovers a pin whose process died between the request and the write', async () => {
    const id = await addPin({ publishAt: new Date(Date.now() - 60_000) });
    fake.failNext('hang-after-create');
    const child = spawn(process.execPath, ['scripts/pinterest-publish.ts'], {
      env: { ...process.env, DATABASE_URL: temp.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    await fake.nextCreate();
    child.kill('SIGKILL');
    await exited;
    const crashed = await pinRow(id);
    expect(crashed.status).toBe('publishing');
    expect(fake.pins).toHaveLength(1);

    // Within the lease the pin may still belong to a live run: left alone.
    expect(await runPinterestPublisher(temp.database, { now: () => new Date(crashed.publishingStartedAt!.getTime() + 1_000) })).toMatchObject({ published: 0 });
    // After it, the pin is looked for by its key and recorded, not sent again.
    const report = await runPinterestPublisher(temp.database, { now: () => new Date(crashed.publishingStartedAt!.getTime() + PUBLISHING_LEASE_MS + 1_000) });
    expect(report).toMatchObject({ published: 1, reconciled: 1 });
    expect(fake.createCalls()).toBe(1);
    expect(await pinRow(id)).toMatchObject({ status: 'published', pinterestPinId: fake.pins[0]!.id });
  });

  it('sends a pin left publishing when Pinterest has no pin with its key', async () => {
    const id = await addPin({ status: 'publishing', publishingStartedAt: new Date(T0.getTime() - PUBLISHING_LEASE_MS - 1) });
    expect(await run()).toMatchObject({ published: 1, reconciled: 0 });
    expect(fake.createCalls()).toBe(1);
    expect((await pinRow(id)).status).toBe('published');
  });

  it('keeps the hourly cap when two runs publish at once', async () => {
    await temp.database.run((db) => writePinsPerHour(db, 2));
    await addPin({ status: 'published', publishingStartedAt: new Date(T0.getTime() - 60_000) });
    // One place left in the hour; two 'Publish now' runs for different pins check the pace at the same moment.
    const [first, second] = [await addPin(), await addPin()];
    const [a, b] = await Promise.all([run({ ids: [first] }), run({ ids: [second] })]);
    expect(a.published + b.published).toBe(1);
    expect(fake.createCalls()).toBe(1);
  });

  it('lets only one of two simultaneous runs send a pin', async () => {
    await addPin();
    const [a, b] = await Promise.all([run({ ids: undefined }), run({ ids: undefined })]);
    expect(a.published + b.published).toBe(1);
    expect(fake.createCalls()).toBe(1);
  });
});

describe('boards and configuration', () => {
  it('lists every board across bookmarks', async () => {
    fake.boards = Array.from({ length: 260 }, (_, index) => ({ id: String(1000 + index), name: `Board ${index}` }));
    const answer = await getBoards(temp.database);
    expect(answer.tokenStatus).toBe('valid');
    expect(answer.boards).toHaveLength(260);
    expect(fake.requests.filter((request) => request.path === '/v5/boards')).toHaveLength(2);
  });

  it('answers not configured without a token, never an error', async () => {
    const id = await addPin();
    const none = { configured: false, client: null, fingerprint: null };
    expect(await run({ connection: none })).toMatchObject({ stoppedBecause: 'not-configured', left: 1 });
    expect(await getBoards(temp.database, none)).toMatchObject({ tokenStatus: 'not_configured', boards: [] });
    expect((await pinRow(id)).status).toBe('scheduled');
    expect(pinterestConnection().configured).toBe(true);
  });
});
