/**
 * One stream's SQLite connection, through the libsql package (the engine @libsql/client embeds), and sqld's way of
 * reporting a statement: affected_row_count only for INSERT/UPDATE/DELETE, last_insert_rowid only for INSERTs, and
 * SQLite errors under their primary code (libsql-server src/hrana/stmt.rs).
 */
import Database from 'libsql';
import { HranaError, type StmtResult } from './protocol.ts';
import type { StatementFacts } from './sql-text.ts';
import { fromSqlite, type SqliteValue } from './values.ts';

/** The part of libsql's (better-sqlite3's) statement this server uses. */
export interface Prepared {
  readonly reader: boolean;
  run(args: SqliteValue[]): unknown;
  all(args: SqliteValue[]): unknown[][];
  columns(): Array<{ name: string; type: string | null }>;
}

interface LibsqlStatement extends Prepared {
  raw(on?: boolean): LibsqlStatement;
  safeIntegers(on?: boolean): LibsqlStatement;
}

/** Which SQLite failures are a busy database that may free up, as opposed to an answer. */
export const SQLITE_BUSY = 5;
const SQLITE_BUSY_SNAPSHOT = 517;

export class Connection {
  readonly #db: Database.Database;
  #lastChange: LibsqlStatement | undefined;

  constructor(file: string) {
    // No busy timeout: SQLite would wait synchronously, freezing this one-threaded server and with it the stream
    // holding the lock. Waits happen in write-lock.ts and statements.ts instead, without blocking.
    this.#db = new Database(file, { timeout: 0 });
  }

  get inTransaction(): boolean {
    return this.#db.open && this.#db.inTransaction;
  }

  prepare(sql: string): Prepared {
    const statement = this.#db.prepare(sql) as unknown as LibsqlStatement;
    if (statement.reader) statement.raw(true).safeIntegers(true);
    return statement;
  }

  run(statement: Prepared, args: SqliteValue[], facts: StatementFacts, wantRows: boolean): StmtResult {
    // A statement keeps its connection alive after close(); a retry must not write through it once the stream is gone.
    if (!this.#db.open) throw new Error('The stream’s connection was closed');
    const cols = statement.columns().map(({ name, type }) => ({ name, decltype: type }));
    const rows = statement.reader ? statement.all(args) : (statement.run(args), []);
    // libsql's run() reports the rowid as a JS number, which rounds beyond 2^53; SQLite's own functions do not.
    const [changes, rowid] = facts.changesRows ? this.#lastChangeStatement().all([])[0]! : [0n, null];
    return {
      cols,
      rows: wantRows ? rows.map((row) => row.map(fromSqlite)) : [],
      affected_row_count: Number(changes),
      last_insert_rowid: facts.isInsert ? String(rowid) : null,
    };
  }

  exec(sql: string): void {
    this.#db.exec(sql);
  }

  /** Rolls back an open transaction and closes; what sqld does when it drops a stream's connection. */
  close(): void {
    if (!this.#db.open) return;
    try {
      if (this.#db.inTransaction) this.#db.exec('ROLLBACK');
    } finally {
      this.#db.close();
    }
  }

  #lastChangeStatement(): LibsqlStatement {
    this.#lastChange ??= (this.#db.prepare('SELECT changes(), last_insert_rowid()') as unknown as LibsqlStatement).raw(true).safeIntegers(true);
    return this.#lastChange;
  }
}

export function isBusy(error: unknown): boolean {
  return error instanceof Database.SqliteError && ((error.rawCode ?? 0) & 0xff) === SQLITE_BUSY;
}

/** Busy because the lock is taken (worth waiting for), not because this transaction's snapshot is stale. */
export function isRetryableBusy(error: unknown): boolean {
  return isBusy(error) && (error as { rawCode?: number }).rawCode !== SQLITE_BUSY_SNAPSHOT;
}

const PRIMARY_CODES: Record<number, string> = {
  2: 'SQLITE_INTERNAL',
  3: 'SQLITE_PERM',
  4: 'SQLITE_ABORT',
  5: 'SQLITE_BUSY',
  6: 'SQLITE_LOCKED',
  7: 'SQLITE_NOMEM',
  8: 'SQLITE_READONLY',
  9: 'SQLITE_INTERRUPT',
  10: 'SQLITE_IOERR',
  11: 'SQLITE_CORRUPT',
  12: 'SQLITE_NOTFOUND',
  13: 'SQLITE_FULL',
  14: 'SQLITE_CANTOPEN',
  15: 'SQLITE_PROTOCOL',
  17: 'SQLITE_SCHEMA',
  18: 'SQLITE_TOOBIG',
  19: 'SQLITE_CONSTRAINT',
  20: 'SQLITE_MISMATCH',
  21: 'SQLITE_MISUSE',
  22: 'SQLITE_NOLFS',
  23: 'SQLITE_AUTH',
  25: 'SQLITE_RANGE',
  26: 'SQLITE_NOTADB',
};

/**
 * sqld's code for a SQLite failure: the primary code's name, SQLITE_UNKNOWN for plain SQLITE_ERROR (rusqlite has no
 * name for it). SQL that SQLite cannot compile is refused before it runs: by sqld's own parser (SQL_PARSE_ERROR) or by
 * SQLite's prepare (SQL_INPUT_ERROR, which sqld words with the error's offset, not known here).
 */
export function hranaErrorFromSqlite(error: unknown, phase: 'prepare' | 'step'): HranaError {
  if (!(error instanceof Database.SqliteError)) throw error;
  const primary = (error.rawCode ?? 1) & 0xff;
  if (phase === 'prepare' && primary === 1) {
    return /syntax error|incomplete input|unrecognized token/.test(error.message)
      ? new HranaError('SQL_PARSE_ERROR', `SQL string could not be parsed: ${error.message}`)
      : new HranaError('SQL_INPUT_ERROR', `SQL input error: ${error.message}`);
  }
  return new HranaError(PRIMARY_CODES[primary] ?? 'SQLITE_UNKNOWN', `SQLite error: ${error.message}`);
}
