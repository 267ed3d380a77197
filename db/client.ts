/**
 * The one way to reach the database, embedded (`file:`) or remote (a libSQL/Turso URL), behind one interface.
 *
 * Two drivers: a remote URL is served by @libsql/client's web entry point (HTTP or WebSocket, nothing native), an
 * embedded file by its Node entry point, which loads libSQL's native binary. The native one is imported only when a
 * `file:` URL is opened, so a process talking to Turso (every Netlify Function) never loads it, and netlify.toml keeps
 * the binary out of the function bundles (docs/operations.md lists what differs between the two).
 *
 * Measured driver facts (ARCHITECTURE section 4): a `file:` client's busy timeout
 * defaults to 0, and after a SQLITE_BUSY error @libsql/client 0.17–0.18 can report
 * later writes as committed while losing them. So an embedded client waits up to
 * five seconds for a lock, runs in WAL mode, and is thrown away and recreated
 * after any busy error; the failed operation is then retried on the new client
 * (it did not commit, so running it again is safe).
 */
import type { Client, Config } from '@libsql/client';
import { createClient as createRemoteClient } from '@libsql/client/web';
import type { LibSQLDatabase } from 'drizzle-orm/libsql/driver-core';
import { drizzle } from 'drizzle-orm/libsql/web';
import * as schema from './schema.ts';

export type Db = LibSQLDatabase<typeof schema>;
/** The handle a `db.transaction(async (tx) => …)` callback receives. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DbConfig {
  /** `file:path/to.db` (embedded) or a libSQL/Turso URL. */
  url: string;
  authToken?: string;
  /** How long an embedded client waits for a lock; tests lower it to provoke SQLITE_BUSY. */
  busyTimeoutMs?: number;
  /** Told of each busy error the client recovered from by starting afresh. */
  onBusy?: (error: unknown, attempt: number) => void;
}

const BUSY_TIMEOUT_MS = 5000;
/**
 * A commit copies the write-ahead log back into the database file once the log holds more than this many pages
 * (SQLite's default is 1,000, about 4 MB). Under a burst of beacons the tracking writer wrote 3-5 pages per event, so
 * at 1,000 it checkpointed about fourteen times a second, copying back index pages the next batches dirtied again. At
 * 10,000 pages (about 40 MB of log) its time per event went from 331-405 µs to 204-247 µs, and its CPU from 193-254 µs
 * to 159-194 µs (200-event batches on the 10,000-product catalogue, three runs each). The price: each checkpoint takes
 * longer, tens of milliseconds, nearly always on the writer thread, which commits far more often than the server's;
 * the log file stays at its largest size; and a copy of the database taken after a crash needs the log too
 * (docs/operations.md). Remote (Turso) databases manage their own log.
 */
export const WAL_AUTOCHECKPOINT_PAGES = 10_000;
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

/** Said when an embedded database is asked for where its native driver is not deployed (a Netlify Function). */
export const EMBEDDED_DRIVER_MISSING =
  'An embedded (file:) database needs the native libSQL driver, which is not deployed with Netlify Functions: set DATABASE_URL to the remote libSQL (Turso) URL.';

/** The embedded driver, loaded on first use: its module loads libSQL's native binary. */
async function createEmbeddedClient(config: Config): Promise<Client> {
  const driver = await import('@libsql/client').catch((error: unknown) => {
    throw new Error(EMBEDDED_DRIVER_MISSING, { cause: error });
  });
  return driver.createClient(config);
}

/** A client with this project's settings: an embedded one gets one connection, the busy timeout, WAL and the checkpoint threshold. */
async function openClient(config: DbConfig): Promise<Client> {
  if (!isEmbedded(config.url)) return createRemoteClient({ url: config.url, authToken: config.authToken });
  // One connection: run() gives an embedded client one operation at a time, and its statements run synchronously
  // anyway, so a second connection (the client pools up to 20) bought nothing but one without the settings below.
  const client = await createEmbeddedClient({ url: config.url, timeout: config.busyTimeoutMs ?? BUSY_TIMEOUT_MS, concurrency: 1 });
  try {
    // journal_mode is stored in the file; the checkpoint threshold is the connection's own, set on its only one.
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute(`PRAGMA wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  } catch (error) {
    client.close();
    throw error;
  }
  return client;
}

interface Opened {
  client: Client;
  db: Db;
}

interface Handle {
  opened: Promise<Opened>;
  /** Operations running on this client; a discarded client closes when they finish. */
  inFlight: number;
  discarded: boolean;
}

export class Database {
  #config: DbConfig;
  #handle: Handle | undefined;
  /** Tail of this process's queue of embedded operations (see run). */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(config: DbConfig) {
    this.#config = config;
  }

  get url(): string {
    return this.#config.url;
  }

  /**
   * Runs one unit of work (a statement or a whole transaction). A busy error
   * retires the client, and the work runs again on a fresh one. Work already
   * running on the retired client finishes there before it is closed, so a
   * concurrent transaction is never cut off midway.
   */
  run<T>(work: (db: Db) => Promise<T>): Promise<T> {
    if (!isEmbedded(this.#config.url)) return this.#runWithRecovery(work);
    // An embedded file takes one operation of this process at a time: pooled connections of
    // one process would otherwise contend for SQLite's write lock, whose busy handler sleeps
    // (measured: 53 ms per write with four in flight, 0.5 ms queued).
    const result = this.#queue.then(() => this.#runWithRecovery(work));
    this.#queue = result.catch(() => undefined);
    return result;
  }

  async #runWithRecovery<T>(work: (db: Db) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const handle = this.#acquire();
      try {
        const { db } = await handle.opened;
        return await work(db);
      } catch (error) {
        if (!isBusyError(error)) throw error;
        this.#retire(handle);
        if (attempt >= BUSY_RETRIES) throw error;
        this.#config.onBusy?.(error, attempt);
        await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      } finally {
        this.#release(handle);
      }
    }
  }

  /** The raw client, for migrations and PRAGMAs. Not busy-protected: prefer run(). */
  async client(): Promise<Client> {
    return (await this.#current().opened).client;
  }

  close(): void {
    if (this.#handle) this.#retire(this.#handle);
  }

  #current(): Handle {
    if (!this.#handle) {
      const opened = openClient(this.#config).then((client) => ({ client, db: drizzle(client, { schema }) }));
      opened.catch(() => undefined); // surfaced by the first run() that awaits it
      this.#handle = { opened, inFlight: 0, discarded: false };
    }
    return this.#handle;
  }

  #acquire(): Handle {
    const handle = this.#current();
    handle.inFlight++;
    return handle;
  }

  #release(handle: Handle): void {
    handle.inFlight--;
    if (handle.discarded && handle.inFlight === 0) closeHandle(handle);
  }

  #retire(handle: Handle): void {
    if (this.#handle === handle) this.#handle = undefined;
    if (handle.discarded) return;
    handle.discarded = true;
    if (handle.inFlight === 0) closeHandle(handle);
  }
}

function closeHandle(handle: Handle): void {
  handle.opened.then(({ client }) => client.close(), () => undefined);
}
