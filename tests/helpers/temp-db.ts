/** A fresh, migrated libSQL database file in a temporary folder, one per test file. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database } from '../../db/client.ts';
import { applyMigrations } from '../../db/migrate.ts';

export interface TempDatabase {
  database: Database;
  url: string;
  dir: string;
  cleanup(): void;
}

export async function createTempDatabase(prefix = 'repwell-test-'): Promise<TempDatabase> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const url = `file:${join(dir, 'app.db')}`;
  const database = new Database({ url });
  await applyMigrations(database);
  return {
    database,
    url,
    dir,
    cleanup() {
      database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
