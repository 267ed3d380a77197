/**
 * Twenty admins at once (issue 10, point 9): 200 edits in about ten seconds over HTTP, against the real functions and
 * a real libSQL file, with the local server's real rebuild queue. Nothing is lost (every edit answers 200 and has its
 * audit row, and the stored values are each admin's last), and the whole burst starts at most two builds. The build
 * itself is a stand-in that writes a page (a real `astro build` is covered by rebuild.test.ts); what is under test is
 * the coalescing, which does not depend on how long a build takes.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, settings, siteBuilds } from '../../db/schema.ts';
import { HERO_SETTING_ID } from '../../src/domain/hero.ts';
import { getDatabase } from '../../src/server/db.ts';
import { LocalRebuildQueue } from '../../src/server/local/rebuild-queue.ts';
import { SiteFolders } from '../../src/server/local/site-folders.ts';
import { registerLocalBuilder } from '../../src/server/rebuild.ts';
import { signedInAs } from '../helpers/admin-api.ts';
import { startLocalApi, type Browser, type LocalApi } from '../helpers/local-api.ts';

const ADMINS = 20;
const EDITS_EACH = 10;
const BURST_MS = 10_000;

let api: LocalApi;
let work: string;
let folders: SiteFolders;
let queue: LocalRebuildQueue;

beforeAll(async () => {
  api = await startLocalApi();
  work = mkdtempSync(join(tmpdir(), 'repwell-concurrency-'));
  folders = new SiteFolders({ link: join(work, 'dist'), buildsDir: join(work, 'builds'), graceMs: 0 });
  queue = new LocalRebuildQueue({
    // The functions' own database handle: one writer per file in this process.
    database: getDatabase(),
    folders,
    fingerprint: async () => ({ databaseUrl: getDatabase().url, content: 'test', source: 'test', environment: 'test' }),
    build: async (outDir) => {
      mkdirSync(outDir, { recursive: true });
      writeFileSync(join(outDir, 'index.html'), '<!doctype html><title>built</title>');
    },
  });
  registerLocalBuilder(queue);
});

afterAll(async () => {
  registerLocalBuilder(undefined);
  await queue?.close();
  folders?.close();
  await api?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

const colour = (admin: number, edit: number) => `#${String(admin).padStart(2, '0')}${String(edit).padStart(2, '0')}aa`;

it(`${ADMINS * EDITS_EACH} edits by ${ADMINS} admins in ${BURST_MS / 1000} s lose nothing and start at most two builds`, async () => {
  const admins: Browser[] = [];
  for (let i = 0; i < ADMINS; i++) admins.push(await signedInAs(api, 'admin'));
  const started = Date.now();
  const statuses: number[] = [];
  const saved: { color: string; updatedAt: string }[] = [];

  // Each admin edits at its own steady pace, all at once: 20 requests a second across the burst.
  await Promise.all(
    admins.map(async (browser, admin) => {
      for (let edit = 0; edit < EDITS_EACH; edit++) {
        const due = started + ((edit + admin / ADMINS) * BURST_MS) / EDITS_EACH;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
        const response = await browser.fetch('/api/admin/settings/hero', { method: 'PUT', json: { type: 'color', color: colour(admin, edit) } });
        statuses.push(response.status);
        if (response.ok) saved.push({ color: colour(admin, edit), updatedAt: (await response.json()).updatedAt });
        else await response.body?.cancel();
      }
    }),
  );
  await queue.idle();

  expect(statuses).toHaveLength(ADMINS * EDITS_EACH);
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
  const db = api.temp.database;
  const [audit] = await db.run((d) => d.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'setting.hero')));
  expect(audit!.n).toBe(ADMINS * EDITS_EACH);
  // The write that committed last (writes are serialised, so it has the latest time) is the one stored.
  const latest = saved.reduce((max, entry) => (entry.updatedAt > max ? entry.updatedAt : max), '');
  const stored = await db.run((d) => d.select({ value: settings.value }).from(settings).where(eq(settings.id, HERO_SETTING_ID)).get());
  expect(saved.filter((entry) => entry.updatedAt === latest).map((entry) => entry.color)).toContain((stored?.value as { color: string }).color);

  const rows = await db.run((d) => d.select().from(siteBuilds));
  expect(rows).toHaveLength(ADMINS * EDITS_EACH);
  expect(rows.every((row) => row.status === 'succeeded')).toBe(true);
  expect(queue.outcomes.length).toBeGreaterThanOrEqual(1);
  expect(queue.outcomes.length).toBeLessThanOrEqual(2);
}, 120_000);
