/**
 * A server and database of a spec's own, for specs that count what every spec adds (the analytics dashboard's views,
 * clicks and conversions): the run's site served by a server process of its own (server-process.ts) whose database is a
 * copy of the run's, taken when the spec starts. The spec then clears, seeds and counts without a lock, while the other
 * specs add to the run's database beside it. It serves the run's site folder as it stands, without a rebuild queue: a
 * spec that waits for a rebuild belongs on the run's server.
 *
 * A worker fixture: a worker that runs two such specs gives them one server; the first to count clears what it counts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Database } from '../../db/client.ts';
import { copyDatabase } from './copy-database.ts';
import { test as base, expect } from './fixtures.ts';
import { START_TIMEOUT_MS, startServerProcess } from './server-process.ts';

export interface OwnServer {
  /** The server's address: give it to the spec's pages as their baseURL. */
  readonly url: string;
  /** The copy of the run's database that server uses. */
  readonly database: Database;
}

/**
 * The spec's `test`: its pages' baseURL is a server of the worker's own, started with a copy of the run's database the
 * first time a test or hook of the worker asks for it (`ownServer`), and stopped when the worker ends.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export const test = base.extend<{}, { ownServer: OwnServer }>({
  ownServer: [
    async ({ projectServer }, use) => {
      const site = projectServer.siteDir;
      const dir = mkdtempSync(join(dirname(site), 'own-server-'));
      const file = join(dir, 'app.db');
      await copyDatabase(projectServer.databaseUrl, file);
      const database = new Database({ url: `file:${file}` });
      try {
        const server = await startServerProcess({ site, databaseUrl: `file:${file}` });
        try {
          await use({ url: server.url, database });
        } finally {
          await server.close();
        }
      } finally {
        database.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: START_TIMEOUT_MS + 30_000 },
  ],
  baseURL: async ({ ownServer }, use) => use(ownServer.url),
});

export { expect };
