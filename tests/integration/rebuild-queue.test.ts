/**
 * The local rebuild queue's waiting rule with a stand-in build (the real `astro build` is in rebuild.test.ts):
 * a burst shares one build once it pauses, and a stream that never pauses is still built after maxWaitMs. Its record
 * of each build tells a build the queue's close() stopped from one that failed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { silentLogger, type Logger } from '../../src/server/local/logger.ts';
import { LocalRebuildQueue } from '../../src/server/local/rebuild-queue.ts';
import { SiteFolders } from '../../src/server/local/site-folders.ts';
import { insertBuildRequest } from '../../src/server/rebuild.ts';
import { createTempDatabase, type TempDatabase } from '../helpers/temp-db.ts';

let temp: TempDatabase;
let work: string;

beforeAll(async () => {
  temp = await createTempDatabase();
  work = mkdtempSync(join(tmpdir(), 'repwell-queue-'));
});
afterAll(() => {
  temp?.cleanup();
  if (work) rmSync(work, { recursive: true, force: true });
});

function queueWith(
  options: { debounceMs: number; maxWaitMs: number; build?: (outDir: string, signal: AbortSignal) => Promise<void>; logger?: Logger },
  name: string,
) {
  const folders = new SiteFolders({ link: join(work, `${name}-dist`), buildsDir: join(work, `${name}-builds`), graceMs: 0 });
  const started: number[] = [];
  const queue = new LocalRebuildQueue({
    database: temp.database,
    folders,
    fingerprint: async () => ({ databaseUrl: temp.url, content: 'test', source: 'test', environment: 'test' }),
    build: async (outDir) => {
      started.push(performance.now());
      mkdirSync(outDir, { recursive: true });
      writeFileSync(join(outDir, 'index.html'), 'built');
    },
    debounceMs: options.debounceMs,
    maxWaitMs: options.maxWaitMs,
    ...(options.build ? { build: options.build } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  return { queue, folders, started };
}

async function request(queue: LocalRebuildQueue): Promise<void> {
  await insertBuildRequest(temp.database, { reason: 'edit', target: 'local' });
  queue.notify();
}

it('builds a burst once, after it pauses', async () => {
  const { queue, folders } = queueWith({ debounceMs: 2000, maxWaitMs: 60_000 }, 'burst');
  for (let i = 0; i < 10; i++) await request(queue);
  await queue.idle();
  expect(queue.outcomes).toHaveLength(1);
  expect(queue.outcomes[0]!.ids).toHaveLength(10);
  await queue.close();
  folders.close();
});

it('builds a stream that never pauses once maxWaitMs has passed, then builds the rest', async () => {
  const { queue, folders, started } = queueWith({ debounceMs: 300, maxWaitMs: 500 }, 'stream');
  const streamStart = performance.now();
  // A request every 100 ms for 1.5 s: never 300 ms of quiet.
  while (performance.now() - streamStart < 1500) {
    await request(queue);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const streamEnd = performance.now();
  await queue.idle();
  expect(started[0]!).toBeLessThan(streamEnd);
  expect(queue.outcomes.length).toBeGreaterThanOrEqual(2);
  expect(queue.outcomes.every((outcome) => outcome.ok)).toBe(true);
  await queue.close();
  folders.close();
});

it('records a build close() stopped as stopped, and a build that failed on its own as failed', async () => {
  let building!: () => void;
  const inBuild = new Promise<void>((resolve) => (building = resolve));
  let fail = true;
  const errors: string[] = [];
  const infos: string[] = [];
  const { queue, folders } = queueWith(
    {
      debounceMs: 0,
      maxWaitMs: 0,
      logger: { ...silentLogger, error: (message) => errors.push(message), info: (message) => infos.push(message) },
      build: async (_outDir, signal) => {
        if (fail) throw new Error('the page /x could not render');
        building();
        await new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('The build was stopped (the server shut down).'))));
      },
    },
    'stopped',
  );
  await request(queue);
  await queue.idle();
  fail = false;
  await request(queue);
  await inBuild;
  await queue.close();
  expect(queue.outcomes.map(({ ok, stopped }) => ({ ok, stopped }))).toEqual([
    { ok: false, stopped: undefined },
    { ok: false, stopped: true },
  ]);
  // One error in the log, the real failure's; the stopped build is told as such.
  expect(errors).toEqual([expect.stringMatching(/^Build failed after .*the page \/x could not render$/)]);
  expect(infos.some((message) => message.startsWith('Build stopped after') && message.includes('as the server shut down'))).toBe(true);
  folders.close();
});
