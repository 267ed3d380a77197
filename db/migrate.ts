import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { isEmbedded, type Database } from './client.ts';

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Creates the folder of an embedded database file, then applies pending migrations. */
export async function applyMigrations(database: Database): Promise<void> {
  if (isEmbedded(database.url)) {
    const path = database.url.slice('file:'.length);
    if (path && path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  }
  await database.run((db) => migrate(db, { migrationsFolder }));
}
