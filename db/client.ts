/**
 * The one way to reach the database.
 *
 * Measured driver facts (ARCHITECTURE section 4): a `file:` client's busy timeout
 * defaults to 0, and after a SQLITE_BUSY error @libsql/client 0.17–0.18 can report
 * later writes as committed while losing them. So an embedded client waits up to
 * five seconds for a lock, runs in WAL mode, and is thrown away and recreated
 * after any busy error; the failed operation is then retried on the new client
 * (it did not commit, so running it again is safe).
 */
import { createClient, type Client } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import * as schema from './schema.ts';

export type Db = LibSQLDatabase<typeof schema>;

export interface DbConfig {
  /** `file:path/to.db` (embedded) or a libSQL/Turso URL. */
  url: string;
  authToken?: string;
}

const BUSY_TIMEOUT_MS = 5000;
const BUSY_RETRIES = 3;

export function isBusyError(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('SQLITE_BUSY')) return true;
    if (/SQLITE_BUSY|database is locked/i.test(e.message)) return true;
  }
  return false;
}

export function isEmbedded(url: string): boolean {
  return url.startsWith('file:');
}

export class Database {
  #config: DbConfig;
  #client: Client | undefined;
  #db: Db | undefined;
  #ready: Promise<void> | undefined;

  constructor(config: DbConfig) {
    this.#config = config;
  }

  get url(): string {
    return this.#config.url;
  }

  /**
   * Runs one unit of work (a statement or a whole transaction). A busy error
   * discards the client, and the work runs again on a fresh one.
   */
  async run<T>(work: (db: Db) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const db = await this.#open();
      try {
        return await work(db);
      } catch (error) {
        if (!isBusyError(error)) throw error;
        this.#discard();
        if (attempt >= BUSY_RETRIES) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      }
    }
  }

  /** The raw client, for migrations and PRAGMAs. */
  async client(): Promise<Client> {
    await this.#open();
    return this.#client!;
  }

  close(): void {
    this.#discard();
  }

  async #open(): Promise<Db> {
    if (!this.#client) {
      const client = createClient({
        url: this.#config.url,
        authToken: this.#config.authToken,
        ...(isEmbedded(this.#config.url) ? { timeout: BUSY_TIMEOUT_MS } : {}),
      });
      this.#client = client;
      this.#db = drizzle(client, { schema });
      // journal_mode is stored in the file, so setting it once per client is enough.
      this.#ready = isEmbedded(this.#config.url) ? client.execute('PRAGMA journal_mode = WAL').then(() => undefined) : Promise.resolve();
    }
    const db = this.#db!;
    await this.#ready;
    return db;
  }

  #discard(): void {
    const client = this.#client;
    this.#client = undefined;
    this.#db = undefined;
    this.#ready = undefined;
    client?.close();
  }
}
