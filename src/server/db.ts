/** The process-wide database handle for server code (functions, build, scripts). */
import { Database } from '../../db/client.ts';
import { env } from './env.ts';

let database: Database | undefined;

export function getDatabase(): Database {
  database ??= new Database({ url: env().DATABASE_URL, authToken: env().DATABASE_AUTH_TOKEN });
  return database;
}
