/**
 * A server and database of a spec's own, for specs that count what every spec adds (the analytics dashboard's views,
 * clicks and conversions): the run's site served by `scripts/server.ts` in a child process whose DATABASE_URL is a copy
 * of the run's database, taken when the spec starts. The spec then clears, seeds and counts without a lock, while the
 * other specs add to the run's database beside it.
 *
 * A child process, not a second server in the worker: server code reads the environment once per process (env.ts,
 * db.ts), so only a process of its own is sure to use the copy. It serves the run's site folder as it stands, without a
 * rebuild queue: a spec that waits for a rebuild belongs on the run's server.
 *
 * A worker fixture: a worker that runs two such specs gives them one server; the first to count clears what it counts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { Database } from '../../db/client.ts';
import { test as base, expect } from './fixtures.ts';

export interface OwnServer {
  /** The server's address: give it to the spec's pages as their baseURL. */
  readonly url: string;
  /** The copy of the run's database that server uses. */
  readonly database: Database;
}

/** How long the child has to load its functions and listen, on a loaded machine. */
const START_TIMEOUT_MS = 60_000;

/**
 * The spec's `test`: its pages' baseURL is a server of the worker's own, started with a copy of the run's database the
 * first time a test or hook of the worker asks for it (`ownServer`), and stopped when the worker ends.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export const test = base.extend<{}, { ownServer: OwnServer }>({
  ownServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const site = process.env.E2E_SITE_DIR;
      if (!site || !process.env.DATABASE_URL) throw new Error('E2E_SITE_DIR is not set: global-setup.ts did not run.');
      const dir = mkdtempSync(join(dirname(site), 'own-server-'));
      const file = join(dir, 'app.db');
      await copyDatabase(process.env.DATABASE_URL, file);
      const database = new Database({ url: `file:${file}` });
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const child = spawn(process.execPath, ['scripts/server.ts', '--dir', site, '--port', String(port), '--host', '127.0.0.1'], {
        cwd: resolve(import.meta.dirname, '../..'),
        // SITE_URL is the only Origin a write may carry: the server's own address.
        env: { ...process.env, DATABASE_URL: `file:${file}`, SITE_URL: url, PINTEREST_SCHEDULER: 'off', LINK_HEALTH_SCHEDULER: 'off', PRICE_REFRESH_SCHEDULER: 'off' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      try {
        await listening(child);
        await use({ url, database });
      } finally {
        database.close();
        if (child.exitCode === null) {
          const exited = new Promise((done) => child.once('exit', done));
          child.kill('SIGTERM');
          await exited;
        }
        rmSync(dir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: START_TIMEOUT_MS + 30_000 },
  ],
  baseURL: async ({ ownServer }, use) => use(ownServer.url),
});

export { expect };

/** A consistent copy of the run's database while other specs write to it: SQLite's VACUUM INTO reads one snapshot. */
async function copyDatabase(fromUrl: string, toFile: string): Promise<void> {
  const from = new Database({ url: fromUrl });
  try {
    await (await from.client()).execute({ sql: 'VACUUM INTO ?', args: [toFile] });
  } finally {
    from.close();
  }
}

/** A port nobody listens on now (the child binds it at once; a clash would show as its start-up error). */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

/** Settles once the child prints that it serves (scripts/server.ts), or fails with what it printed. */
function listening(child: ChildProcess): Promise<void> {
  return new Promise((done, fail) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`the spec's own server did not start in ${START_TIMEOUT_MS / 1000} s:\n${output}`)), START_TIMEOUT_MS);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (/^Serving .* at http/m.test(output)) {
        clearTimeout(timer);
        done();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the spec's own server exited with ${code}:\n${output}`));
    });
  });
}
