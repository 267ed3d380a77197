/**
 * Link health that tells the owner, over HTTP against a real libSQL file and fixture retailers: a 404 shows at once as
 * 'Broken (unconfirmed)' in the products table and on the overview, and as 'Broken' after the second check; the
 * progress of a check counts the checks actually stored and ends at n of n; and the daily e-mail of new broken and
 * out-of-stock links reaches each admin once a day through real SMTP (a local receiver), never twice, not even from two
 * runs at once, and never without SMTP.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkChecks, linkHealthDigests, linkHealthMailed, products } from '../../db/schema.ts';
import { linkHealthListSchema, type LinkCheckRunSummary } from '../../src/domain/admin/link-health/api.ts';
import { healthStatusLabel, needsAttention } from '../../src/domain/admin/link-health/status.ts';
import { productListSchema } from '../../src/domain/admin/product-list.ts';
import { sendLinkHealthDigests } from '../../src/server/jobs/link-health-digest.ts';
import { createSmtpMailer, type Mailer } from '../../src/server/mailer.ts';
import { signedInAs } from '../helpers/admin-api.ts';
import { startLinkFixtureHosts, type LinkFixtureHosts } from '../helpers/link-health-fixtures.ts';
import { startLocalApi, type Browser, type LocalApi } from '../helpers/local-api.ts';
import { SmtpReceiver } from '../helpers/smtp-receiver.ts';

let api: LocalApi;
let shop: LinkFixtureHosts;
let admin: Browser;
const smtp = new SmtpReceiver();
let mailer: Mailer;
let ids: { gone: number; soldOut: number; switching: number; ok: number; ok2: number };

beforeAll(async () => {
  shop = await startLinkFixtureHosts(1);
  process.env.SCRAPE_ALLOWED_HOSTS = shop.hosts.join(',');
  api = await startLocalApi();
  admin = await signedInAs(api, 'admin');
  const port = await smtp.start();
  mailer = createSmtpMailer({ host: '127.0.0.1', port, secure: false, to: 'site@repwell.example', from: 'site@repwell.example' });
  const [base] = shop.bases;
  const rows = await api.temp.database.run((db) =>
    db
      .insert(products)
      .values(
        [
          ['Gone Roller', 'gone'],
          ['Sold Out Mat', 'sold-out'],
          ['Switching Band', 'switch'],
          ['Fine Gun', 'ok'],
          ['Fine Gun Two', 'ok-v2'],
        ].map(([name, path]) => ({ name: name!, slug: name!.toLowerCase().replaceAll(' ', '-'), affiliateUrl: `${base}/${path}` })),
      )
      .returning({ id: products.id }),
  );
  ids = { gone: rows[0]!.id, soldOut: rows[1]!.id, switching: rows[2]!.id, ok: rows[3]!.id, ok2: rows[4]!.id };
});
afterAll(async () => {
  await smtp.stop().catch(() => undefined);
  await api.close();
  await shop.close();
  delete process.env.SCRAPE_ALLOWED_HOSTS;
});

async function follow(runId: number) {
  return linkHealthListSchema.parse(await (await admin.fetch(`/api/admin/link-health?run=${runId}`)).json());
}

/** Starts a check as Manage does and follows its own run to the end, keeping every progress the screen would show. */
async function checkAndFollow(productIds: number[]): Promise<LinkCheckRunSummary[]> {
  const response = await admin.fetch('/api/admin/link-health/check', { method: 'POST', json: { ids: productIds } });
  expect(response.status).toBe(202);
  const { run } = (await response.json()) as { run: { id: number } };
  const seen: LinkCheckRunSummary[] = [];
  const deadline = Date.now() + 60_000;
  for (;;) {
    const followed = (await follow(run.id)).followedRun;
    expect(followed?.id).toBe(run.id);
    seen.push(followed!);
    if (followed!.finishedAt) return seen;
    if (Date.now() > deadline) throw new Error(`run ${run.id} did not finish`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function listRow(productId: number) {
  const list = productListSchema.parse(await (await admin.fetch('/api/admin/products?pageSize=100')).json());
  return list.rows.find((row) => row.id === productId)!;
}

describe('a broken link tells the owner at once', () => {
  it('404 once: Broken (unconfirmed) in the table and on the overview; twice: Broken', async () => {
    await checkAndFollow([ids.gone]);
    const first = await listRow(ids.gone);
    expect(first.health).toMatchObject({ class: 'not-found', flagged: false, reported: false });
    expect(healthStatusLabel(first.health!)).toBe('Broken (unconfirmed)');
    // The overview's card reads the problems view: the link is there at once, counted as unconfirmed.
    let overview = linkHealthListSchema.parse(await (await admin.fetch('/api/admin/link-health?view=problems')).json());
    const card = overview.rows.find((row) => row.productId === ids.gone)!;
    expect(needsAttention({ class: card.lastClass, flagged: card.flagged, acknowledged: card.acknowledged })).toBe(true);
    expect(overview).toMatchObject({ reported: 0, unconfirmedBroken: 1 });
    // Manage's 'Show problems' filter agrees with the overview.
    const problems = productListSchema.parse(await (await admin.fetch('/api/admin/products?health=problem')).json());
    expect(problems.rows.map((row) => row.id)).toEqual([ids.gone]);

    await checkAndFollow([ids.gone]);
    const second = await listRow(ids.gone);
    expect(second.health).toMatchObject({ class: 'not-found', flagged: true, reported: true });
    expect(healthStatusLabel(second.health!)).toBe('Broken');
    overview = linkHealthListSchema.parse(await (await admin.fetch('/api/admin/link-health?view=problems')).json());
    expect(overview).toMatchObject({ reported: 1, unconfirmedBroken: 0 });
  });
});

describe('the progress of a check', () => {
  it('counts the checks actually stored as they are stored, and ends at n of n', async () => {
    // One host: the checker's politeness spaces the three checks at least a second apart, so the screen sees them one by one.
    const seen = await checkAndFollow([ids.ok, ids.ok2, ids.soldOut]);
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ checked: 3, total: 3 });
    const counts = seen.map((run) => run.checked);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    // Progress between 0 and 3 was shown: it moves per stored check, not once per batch of hundreds.
    expect(counts.some((value) => value > 0 && value < 3)).toBe(true);
    for (const run of seen) expect(run.checked).toBeLessThanOrEqual(run.total);
    const stored = await api.temp.database.run((db) => db.select({ n: count() }).from(linkChecks).where(eq(linkChecks.runId, last.id)));
    expect(stored[0]!.n).toBe(3);
  });

  it('refuses a run parameter that is not a run id with 400', async () => {
    const response = await admin.fetch('/api/admin/link-health?run=abc');
    expect(response.status).toBe(400);
    expect((await response.json()).error.description).toBe('run must be a run id.');
  });
});

describe('the daily e-mail of new problems', () => {
  const day = (iso: string) => new Date(iso);

  it('is not sent, and nothing is recorded, without SMTP', async () => {
    await checkAndFollow([ids.soldOut]); // its second out-of-stock answer: now confirmed, like the broken link
    const report = await sendLinkHealthDigests(api.temp.database, { mailer: null, now: day('2026-11-27T08:00:00Z') });
    expect(report).toMatchObject({ skipped: 'not-configured', sent: [] });
    expect(smtp.mails).toHaveLength(0);
    expect(await api.temp.database.run((db) => db.select().from(linkHealthDigests))).toEqual([]);
  });

  it('reaches each admin once a day, even when two runs race, and lists only what is new', async () => {
    const second = await signedInAs(api, 'admin');
    expect(second).toBeDefined();
    const now = day('2026-11-27T09:00:00Z');
    const [a, b] = await Promise.all([
      sendLinkHealthDigests(api.temp.database, { mailer, now }),
      sendLinkHealthDigests(api.temp.database, { mailer, now }),
    ]);
    // Two admins, one e-mail each, whichever run sent it.
    expect([...a.sent, ...b.sent].map((sent) => sent.items)).toEqual([2, 2]);
    expect(smtp.mails).toHaveLength(2);
    expect(new Set(smtp.mails.flatMap((mail) => mail.rcptTo)).size).toBe(2);
    const mail = smtp.mails[0]!;
    expect(mail.headers.get('subject')).toEqual(['Repwell link health: 2 new problems']);
    expect(mail.body).toContain('- Broken: Gone Roller');
    expect(mail.body).toContain('- Out of stock: Sold Out Mat');
    // Quoted-printable, as nodemailer sends text with an '=' in it: soft line breaks and =3D.
    expect(mail.body.replace(/=\n/g, '').replaceAll('=3D', '=')).toContain('/dashboard/manage?health=problem');

    // Later the same day, and the next day with nothing new: nothing is sent again.
    expect((await sendLinkHealthDigests(api.temp.database, { mailer, now: day('2026-11-27T15:00:00Z') })).sent).toEqual([]);
    expect((await sendLinkHealthDigests(api.temp.database, { mailer, now: day('2026-11-28T09:00:00Z') })).sent).toEqual([]);
    expect(smtp.mails).toHaveLength(2);

    // A new broken link the next day: only it is mailed, once.
    shop.switchTo = '/gone-410';
    await checkAndFollow([ids.switching]);
    await checkAndFollow([ids.switching]);
    smtp.mails.length = 0;
    const next = await sendLinkHealthDigests(api.temp.database, { mailer, now: day('2026-11-28T10:00:00Z') });
    expect(next.sent.map((sent) => sent.items)).toEqual([1, 1]);
    expect(smtp.mails[0]!.body).toContain('- Broken: Switching Band');
    expect(smtp.mails[0]!.body).not.toContain('Gone Roller');
    expect((await sendLinkHealthDigests(api.temp.database, { mailer, now: day('2026-11-28T11:00:00Z') })).sent).toEqual([]);
    const digests = await api.temp.database.run((db) => db.select().from(linkHealthDigests));
    expect(digests.map((row) => [row.day, row.status])).toEqual([
      ['2026-11-27', 'sent'],
      ['2026-11-27', 'sent'],
      ['2026-11-28', 'sent'],
      ['2026-11-28', 'sent'],
    ]);
  });

  it('gives the day back when the mail cannot be sent, so a later run sends it', async () => {
    const failing: Mailer = { to: 'x', from: 'site@repwell.example', send: async () => Promise.reject(new Error('SMTP down')) };
    shop.switchTo = '/ok';
    await checkAndFollow([ids.switching]);
    shop.switchTo = '/gone';
    await checkAndFollow([ids.switching]);
    await checkAndFollow([ids.switching]);
    const now = day('2026-11-29T09:00:00Z');
    const failed = await sendLinkHealthDigests(api.temp.database, { mailer: failing, now });
    expect(failed.failed).toHaveLength(2);
    expect(await api.temp.database.run((db) => db.select().from(linkHealthMailed).where(eq(linkHealthMailed.day, '2026-11-29')))).toEqual([]);
    smtp.mails.length = 0;
    const retried = await sendLinkHealthDigests(api.temp.database, { mailer, now: day('2026-11-29T10:00:00Z') });
    expect(retried.sent.map((sent) => sent.items)).toEqual([1, 1]);
    expect(smtp.mails[0]!.body).toContain('- Broken: Switching Band');
  });

  it('gives back a day claimed by a run that stopped mid-send, once that send is long over', async () => {
    shop.switchTo = '/ok';
    await checkAndFollow([ids.switching]);
    shop.switchTo = '/gone';
    await checkAndFollow([ids.switching]);
    await checkAndFollow([ids.switching]);
    // A run whose send never ends, as when the platform stops a function past its time limit: the first admin's day
    // stays claimed as sending, and the run never reaches the second admin.
    let sendStarted!: () => void;
    const started = new Promise<void>((resolve) => (sendStarted = resolve));
    const stopped: Mailer = { to: 'x', from: 'site@repwell.example', send: () => (sendStarted(), new Promise<never>(() => {})) };
    void sendLinkHealthDigests(api.temp.database, { mailer: stopped, now: day('2026-11-30T09:00:00Z') });
    await started;

    smtp.mails.length = 0;
    const soon = await sendLinkHealthDigests(api.temp.database, { mailer, now: day('2026-11-30T09:05:00Z') });
    expect(soon.sent.map((sent) => sent.items)).toEqual([1]);
    const later = await sendLinkHealthDigests(api.temp.database, { mailer, now: day('2026-11-30T09:15:00Z') });
    expect(later.sent.map((sent) => sent.items)).toEqual([1]);
    expect(new Set(smtp.mails.flatMap((mail) => mail.rcptTo)).size).toBe(2);
    expect(smtp.mails.every((mail) => mail.body.includes('- Broken: Switching Band'))).toBe(true);
  });
});
