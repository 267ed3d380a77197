/**
 * The test libSQL server (tests/helpers/libsql-http-server.ts) driven by what production uses against Turso: the
 * real @libsql/client HTTP client, and the project's Database class with drizzle. It must behave as sqld does, so the
 * remote driver path can be tested here.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient as createFileClient } from '@libsql/client';
import { createClient, LibsqlBatchError, LibsqlError, type Client, type Config, type InValue, type Transaction } from '@libsql/client/web';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Database } from '../../db/client.ts';
import { applyMigrations, migrationsFolder } from '../../db/migrate.ts';
import { settings, users } from '../../db/schema.ts';
import { startLibsqlHttpServer, type LibsqlHttpServer, type LibsqlHttpServerOptions } from '../helpers/libsql-http-server.ts';

const TOKEN = 'test-token';
const cleanups: Array<() => Promise<void> | void> = [];

/** A server on a fresh database file; closed, with its clients and folder, after the test. */
async function freshServer(options: Partial<LibsqlHttpServerOptions> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'repwell-hrana-'));
  const file = join(dir, 'remote.db');
  const server = await startLibsqlHttpServer({ file, authToken: TOKEN, ...options });
  cleanups.push(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const connect = (config: Partial<Config> = {}): Client => {
    const client = createClient({ url: server.url, authToken: TOKEN, intMode: 'bigint', ...config });
    cleanups.push(() => client.close());
    return client;
  };
  return { server, file, client: connect(), connect };
}

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function itemTable(client: Client): Promise<void> {
  await client.execute('CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)');
}

async function itemNames(db: Pick<Transaction, 'execute'>): Promise<string[]> {
  const { rows } = await db.execute('SELECT name FROM items ORDER BY id');
  return rows.map((row) => String(row.name));
}

function post(server: LibsqlHttpServer, body: unknown, token = TOKEN): Promise<Response> {
  return fetch(`${server.url}/v2/pipeline`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('values', () => {
  it('round-trips every Hrana value type, 64-bit integers whole and each with its SQLite type', async () => {
    const { client } = await freshServer();
    await client.execute('CREATE TABLE v (label TEXT, x)'); // x has no type: SQLite keeps what it is given
    const values: Array<[string, InValue, string]> = [
      ['null', null, 'null'],
      ['max integer', 2n ** 63n - 1n, 'integer'],
      ['min integer', -(2n ** 63n), 'integer'],
      ['past 2^53', 2n ** 53n + 1n, 'integer'],
      ['float', 0.1, 'real'],
      ['tiny float', -1.5e-300, 'real'],
      ['largest float', Number.MAX_VALUE, 'real'],
      ['a JS number, even a whole one, is a float', 42, 'real'],
      ['text', 'Ünïcödé — 日本語 — עברית — 😀👍🏽', 'text'],
      ['empty text', '', 'text'],
      ['control characters', "line\nbreak\ttab 'quote' \"double\"", 'text'],
      ['blob', Uint8Array.from({ length: 256 }, (_, i) => i), 'blob'],
      ['empty blob', new Uint8Array(0), 'blob'],
    ];
    for (const [label, x] of values) await client.execute({ sql: 'INSERT INTO v (label, x) VALUES (?, ?)', args: [label, x] });

    const { rows, columnTypes } = await client.execute('SELECT label, x, typeof(x) AS type FROM v ORDER BY rowid');
    expect(columnTypes).toEqual(['TEXT', '', '']);
    expect(rows.map((row) => [row.label, row.x instanceof ArrayBuffer ? new Uint8Array(row.x) : row.x, row.type])).toEqual(values);
  });

  it('hands integers to each intMode as asked, and refuses one past 2^53 as a JS number', async () => {
    const { connect } = await freshServer();
    const big = 'SELECT 9007199254740993 AS big';
    expect((await connect({ intMode: 'string' }).execute(big)).rows[0]!.big).toBe('9007199254740993');
    expect((await connect({ intMode: 'bigint' }).execute(big)).rows[0]!.big).toBe(9007199254740993n);
    await expect(connect({ intMode: 'number' }).execute(big)).rejects.toThrow(RangeError);
  });

  it('binds named arguments with or without their sign, and refuses missing or extra ones as sqld does', async () => {
    const { client } = await freshServer();
    const { rows } = await client.execute({ sql: 'SELECT :a AS a, @b AS b, $c AS c, :a AS again', args: { a: 1n, '@b': 'two', $c: null } });
    expect(rows[0]).toMatchObject({ a: 1n, b: 'two', c: null, again: 1n });
    await expect(client.execute({ sql: 'SELECT ? AS a, ? AS b', args: [1n] })).rejects.toMatchObject({ code: 'ARGS_INVALID' });
    await expect(client.execute({ sql: 'SELECT ? AS a', args: [1n, 2n] })).rejects.toMatchObject({ code: 'ARGS_INVALID' });
    await expect(client.execute('SELECT 1; SELECT 2')).rejects.toMatchObject({ code: 'SQL_MANY_STATEMENTS' });
  });
});

describe('statement results', () => {
  it('reports affected rows for INSERT, UPDATE and DELETE, and the rowid of an INSERT only, whole past 2^53', async () => {
    const { client } = await freshServer();
    await itemTable(client);
    const inserted = await client.execute({ sql: 'INSERT INTO items (id, name) VALUES (?, ?)', args: [2n ** 53n + 1n, 'a'] });
    expect([inserted.rowsAffected, inserted.lastInsertRowid]).toEqual([1, 2n ** 53n + 1n]);
    const returning = await client.execute("INSERT INTO items (name) VALUES ('b') RETURNING id, name");
    expect([returning.rowsAffected, returning.lastInsertRowid, returning.rows[0]!.name]).toEqual([1, 2n ** 53n + 2n, 'b']);
    const updated = await client.execute("UPDATE items SET name = name || '!'");
    expect([updated.rowsAffected, updated.lastInsertRowid]).toEqual([2, undefined]);
    const selected = await client.execute('SELECT * FROM items');
    expect([selected.rowsAffected, selected.lastInsertRowid, selected.columns]).toEqual([0, undefined, ['id', 'name']]);
    const created = await client.execute('CREATE INDEX items_name ON items (name)');
    expect([created.rowsAffected, created.lastInsertRowid]).toEqual([0, undefined]);
  });

  it('reports a constraint violation as a LibsqlError under SQLite’s primary code, as sqld does', async () => {
    const { client } = await freshServer();
    await itemTable(client);
    await client.execute("INSERT INTO items (name) VALUES ('a')");
    const error = await client.execute("INSERT INTO items (name) VALUES ('a')").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LibsqlError);
    expect(error).toMatchObject({ code: 'SQLITE_CONSTRAINT', extendedCode: undefined, message: expect.stringContaining('UNIQUE constraint failed: items.name') });
    await expect(client.execute('SELECT * FROM missing')).rejects.toMatchObject({ code: 'SQL_INPUT_ERROR' });
    await expect(client.execute('SELEC 1')).rejects.toMatchObject({ code: 'SQL_PARSE_ERROR' });
  });
});

describe('batches and sequences', () => {
  it('runs a batch as one transaction: a failing step rolls back the steps before it', async () => {
    const { client } = await freshServer();
    await itemTable(client);
    const insert = (name: string) => ({ sql: 'INSERT INTO items (name) VALUES (?)', args: [name] });
    const failure = await client.batch([insert('kept?'), insert('x'), insert('x')], 'write').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(LibsqlBatchError);
    expect(failure).toMatchObject({ code: 'SQLITE_CONSTRAINT', statementIndex: 2 });
    expect(await itemNames(client)).toEqual([]);

    const results = await client.batch([insert('a'), insert('b'), 'SELECT count(*) AS n FROM items'], 'write');
    expect(results.map((r) => r.rowsAffected)).toEqual([1, 1, 0]);
    expect(results[2]!.rows[0]!.n).toBe(2n);
  });

  it('evaluates step conditions (ok, error, not, and, or); a skipped step has neither result nor error', async () => {
    const { server } = await freshServer();
    const step = (sql: string, condition?: unknown) => ({ condition, stmt: { sql } });
    const response = await post(server, {
      requests: [
        {
          type: 'batch',
          batch: {
            steps: [
              step('SELECT 1'),
              step('SELECT * FROM missing'),
              step('SELECT 2', { type: 'error', step: 1 }),
              step('SELECT 3', { type: 'and', conds: [{ type: 'ok', step: 0 }, { type: 'ok', step: 1 }] }),
              step('SELECT 4', { type: 'or', conds: [{ type: 'ok', step: 1 }, { type: 'not', cond: { type: 'ok', step: 3 } }] }),
              step('SELECT 5', { type: 'error', step: 3 }),
            ],
          },
        },
        { type: 'close' },
      ],
    });
    const { results } = await response.json();
    const { step_results, step_errors } = results[0].response.result;
    expect(step_results.map((r: unknown) => r !== null)).toEqual([true, false, true, false, true, false]);
    expect(step_errors.map((e: unknown) => e !== null)).toEqual([false, true, false, false, false, false]);
    expect(step_results[4].rows).toEqual([[{ type: 'integer', value: '4' }]]);
  });

  it('runs a sequence until its first failure, triggers with their inner semicolons included', async () => {
    const { client } = await freshServer();
    await client.executeMultiple(`
      CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
      CREATE TABLE log (name TEXT);
      CREATE TRIGGER items_log AFTER INSERT ON items BEGIN INSERT INTO log VALUES (new.name); INSERT INTO log VALUES ('again'); END;
      INSERT INTO items (name) VALUES ('a'); -- a comment; with a semicolon
    `);
    await expect(client.executeMultiple("INSERT INTO items (name) VALUES ('b'); INSERT INTO items (name) VALUES ('a'); INSERT INTO items (name) VALUES ('c')")).rejects.toMatchObject({
      code: 'SQLITE_CONSTRAINT',
    });
    expect(await itemNames(client)).toEqual(['a', 'b']);
    expect((await client.execute('SELECT count(*) AS n FROM log')).rows[0]!.n).toBe(4n);
  });

  it('describes a statement: its parameters, columns and whether it writes', async () => {
    const { server, client } = await freshServer();
    await itemTable(client);
    const response = await post(server, { requests: [{ type: 'describe', sql: 'SELECT id, name, :label AS label FROM items WHERE id = ?2' }] });
    const { results } = await response.json();
    expect(results[0].response.result).toEqual({
      params: [{ name: ':label' }, { name: '?2' }],
      cols: [
        { name: 'id', decltype: 'INTEGER' },
        { name: 'name', decltype: 'TEXT' },
        { name: 'label', decltype: null },
      ],
      is_explain: false,
      is_readonly: true,
    });
  });
});

describe('interactive transactions', () => {
  it('keeps a transaction’s writes to itself until it commits, across requests', async () => {
    const { client, connect } = await freshServer();
    const reader = connect();
    await itemTable(client);
    const tx = await client.transaction('write');
    await tx.execute("INSERT INTO items (name) VALUES ('a')");
    expect(await itemNames(reader)).toEqual([]);
    expect((await tx.execute('SELECT count(*) AS n FROM items')).rows[0]!.n).toBe(1n);
    await tx.commit();
    expect(await itemNames(reader)).toEqual(['a']);
  });

  it('forgets a rolled-back transaction’s writes', async () => {
    const { client } = await freshServer();
    await itemTable(client);
    const tx = await client.transaction('write');
    await tx.batch(["INSERT INTO items (name) VALUES ('a')", "INSERT INTO items (name) VALUES ('b')"]);
    await tx.rollback();
    expect(await itemNames(client)).toEqual([]);
  });

  it('makes a second writer wait for the first transaction to end, as sqld queues writers, while readers go on', async () => {
    const { server, connect } = await freshServer();
    const [a, b] = [connect(), connect()];
    await itemTable(a);
    const first = await a.transaction('write');
    await first.execute("INSERT INTO items (name) VALUES ('first')");
    const second = await b.transaction('write');
    const secondInsert = second.execute("INSERT INTO items (name) VALUES ('second')");
    await vi.waitFor(() => expect(server.stats().waitingWriters).toBe(1), { timeout: 5000 });
    expect(await itemNames(b)).toEqual([]);

    await first.commit();
    await secondInsert;
    expect(await itemNames(second)).toEqual(['first', 'second']);
    await second.commit();
    expect(server.stats()).toEqual({ streams: 0, waitingWriters: 0 });
  });

  it('fails the later writer of two deferred transactions that both read first with SQLITE_BUSY, as SQLite does', async () => {
    const { server, connect } = await freshServer();
    const [a, b] = [connect(), connect()];
    await itemTable(a);
    const first = await a.transaction('deferred');
    const second = await b.transaction('deferred');
    await first.execute('SELECT count(*) FROM items');
    await second.execute('SELECT count(*) FROM items');
    await first.execute("INSERT INTO items (name) VALUES ('first')");
    const secondInsert = second.execute("INSERT INTO items (name) VALUES ('second')").catch((e: unknown) => e);
    await vi.waitFor(() => expect(server.stats().waitingWriters).toBe(1), { timeout: 5000 });
    await first.commit();
    // Its snapshot predates the first commit, so writing would lose that commit: SQLITE_BUSY_SNAPSHOT.
    expect(await secondInsert).toMatchObject({ code: 'SQLITE_BUSY' });
    await second.rollback();
    expect(await itemNames(a)).toEqual(['first']);
  });

  it('rolls back a transaction that keeps a waiting writer out past the transaction timeout', async () => {
    const { connect } = await freshServer({ transactionTimeoutMs: 200 });
    const [a, b] = [connect(), connect()];
    await itemTable(a);
    const slow = await a.transaction('write');
    await slow.execute("INSERT INTO items (name) VALUES ('slow')");
    const waiting = await b.transaction('write');
    await waiting.execute("INSERT INTO items (name) VALUES ('waiting')");
    await waiting.commit();
    await expect(slow.execute('SELECT 1')).rejects.toMatchObject({ code: 'TRANSACTION_TIMEOUT' });
    // Hrana 2 has no way to ask whether a transaction is still open, so what the client sends next on this
    // "transaction" runs in autocommit and commits at once.
    await slow.execute("INSERT INTO items (name) VALUES ('after')");
    expect(await itemNames(a)).toEqual(['waiting', 'after']);
  });
});

describe('a lock held outside the server', () => {
  it('is waited for up to the busy timeout, then answered with SQLITE_BUSY, as SQLite’s busy handler would', async () => {
    const { file, client } = await freshServer({ busyTimeoutMs: 500 });
    await itemTable(client);
    const local = createFileClient({ url: `file:${file}` });
    cleanups.push(() => local.close());
    const outside = await local.transaction('write');
    await outside.execute("INSERT INTO items (name) VALUES ('outside')");

    const started = performance.now();
    await expect(client.execute("INSERT INTO items (name) VALUES ('refused')")).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
    const waiting = client.execute("INSERT INTO items (name) VALUES ('after')");
    await outside.commit();
    await waiting;
    expect(await itemNames(client)).toEqual(['outside', 'after']);
  });
});

describe('streams and batons', () => {
  it('gives each answer a new baton, good for one request; a spent, forged or closed stream’s baton is refused', async () => {
    const { server } = await freshServer();
    const begin = await (await post(server, { baton: null, requests: [{ type: 'execute', stmt: { sql: 'BEGIN' } }] })).json();
    const next = await (await post(server, { baton: begin.baton, requests: [] })).json();
    expect(next.baton).toEqual(expect.any(String));
    expect(next.baton).not.toBe(begin.baton);

    const spent = await post(server, { baton: begin.baton, requests: [] });
    expect([spent.status, await spent.text()]).toEqual([400, 'Received a baton that has already been used']);
    const forged = await post(server, { baton: `${next.baton.slice(0, -2)}AA`, requests: [] });
    expect([forged.status, await forged.text()]).toEqual([400, 'Received an invalid baton']);

    const closed = await (await post(server, { baton: next.baton, requests: [{ type: 'close' }] })).json();
    expect(closed.baton).toBeNull();
    expect((await post(server, { baton: next.baton, requests: [] })).status).toBe(400);
  });

  it('closes a stream left idle for 10 s, rolling back its transaction; its baton then answers STREAM_EXPIRED', async () => {
    let time = 1_000_000;
    const { server, connect } = await freshServer({ now: () => time });
    const [a, b] = [connect(), connect()];
    await itemTable(a);
    const tx = await a.transaction('write');
    await tx.execute("INSERT INTO items (name) VALUES ('abandoned')");
    time += 10_000;
    await b.execute("INSERT INTO items (name) VALUES ('other')"); // would wait, were the transaction still open
    expect(await itemNames(b)).toEqual(['other']);

    await expect(tx.execute('SELECT 1')).rejects.toMatchObject({ code: 'STREAM_EXPIRED' });
    const raw = await (await post(server, { requests: [] })).json();
    time += 10_000;
    const expired = await post(server, { baton: raw.baton, requests: [] });
    expect([expired.status, expired.headers.get('content-type'), await expired.json()]).toEqual([
      400,
      'application/json',
      { message: 'The stream has expired due to inactivity', code: 'STREAM_EXPIRED' },
    ]);
  });

  it('rolls back open transactions and frees the file when the server closes', async () => {
    const { server, file, client } = await freshServer();
    await itemTable(client);
    const tx = await client.transaction('write');
    await tx.execute("INSERT INTO items (name) VALUES ('uncommitted')");
    await server.close();

    const local = createFileClient({ url: `file:${file}` }); // no busy timeout: a lock still held would fail this
    await local.execute("INSERT INTO items (name) VALUES ('local')");
    expect((await local.execute('SELECT name FROM items')).rows.map((row) => row.name)).toEqual(['local']);
    local.close();
    await expect(tx.execute('SELECT 1')).rejects.toThrow();
  });
});

describe('authentication', () => {
  it('answers 401 to a pipeline without the bearer token, which the client reports as SERVER_ERROR', async () => {
    const { server, client, connect } = await freshServer();
    await expect(connect({ authToken: 'wrong' }).execute('SELECT 1')).rejects.toMatchObject({ code: 'SERVER_ERROR', message: expect.stringContaining('401') });
    await expect(connect({ authToken: undefined }).execute('SELECT 1')).rejects.toMatchObject({ code: 'SERVER_ERROR' });
    const refused = await post(server, { requests: [] }, 'wrong');
    expect([refused.status, await refused.json()]).toEqual([401, { error: 'Authentication failed: the token is invalid' }]);
    expect((await client.execute('SELECT 1 AS one')).rows[0]!.one).toBe(1n);
  });
});

describe('where the embedded client answers differently', () => {
  it('rounds lastInsertRowid past 2^53, counts no rows for INSERT … RETURNING and keeps an old rowid after UPDATE', async () => {
    const { file, client } = await freshServer();
    await itemTable(client);
    const local = createFileClient({ url: `file:${file}`, intMode: 'bigint' });
    cleanups.push(() => local.close());
    const insert = { sql: 'INSERT INTO items (id, name) VALUES (?, ?)', args: [2n ** 53n + 1n, 'a'] };
    expect((await local.execute(insert)).lastInsertRowid).toBe(2n ** 53n);
    const returning = "INSERT INTO items (name) VALUES ('b') RETURNING id";
    expect((await local.execute(returning)).rowsAffected).toBe(0);
    expect((await local.execute("UPDATE items SET name = name || '!' WHERE name = 'a!'")).lastInsertRowid).toBe(2n ** 53n + 2n);
    const error = await local.execute("INSERT INTO items (name) VALUES ('b')").catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'SQLITE_CONSTRAINT', extendedCode: 'SQLITE_CONSTRAINT_UNIQUE' });
  });
});

describe('the project’s Database class over HTTP', () => {
  let server: LibsqlHttpServer;
  let dir: string;
  let database: Database;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'repwell-hrana-db-'));
    server = await startLibsqlHttpServer({ file: join(dir, 'remote.db'), authToken: TOKEN });
    database = new Database({ url: server.url, authToken: TOKEN });
    await applyMigrations(database);
  });

  afterAll(async () => {
    database?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('applies the migrations through the server', async () => {
    const tables = await database.run((db) => db.all<{ name: string }>(sql`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`));
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['__drizzle_migrations', 'users', 'settings', 'products']));
    const [applied] = await database.run((db) => db.all<{ n: number }>(sql`SELECT count(*) AS n FROM __drizzle_migrations`));
    // Every migration in drizzle's journal, so a new one needs no edit here.
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    expect(applied!.n).toBe(journal.entries.length);
  });

  it('round-trips rows through drizzle, dates and JSON included', async () => {
    const createdAt = new Date('2024-02-29T12:34:56.789Z');
    await database.run((db) => db.insert(users).values({ id: 'u1', email: 'a@example.com', passwordHash: 'h', createdAt }));
    await database.run((db) => db.insert(settings).values({ id: 'json', value: { list: [1, 'two', null], nested: { ok: true } } }));
    const user = await database.run((db) => db.select().from(users).where(eq(users.id, 'u1')).get());
    expect(user).toMatchObject({ email: 'a@example.com', role: 'user', createdAt });
    const setting = await database.run((db) => db.select().from(settings).where(eq(settings.id, 'json')).get());
    expect(setting?.value).toEqual({ list: [1, 'two', null], nested: { ok: true } });
  });

  it('commits a drizzle transaction, and rolls back one that throws', async () => {
    await database.run((db) => db.transaction(async (tx) => tx.insert(settings).values({ id: 'committed', value: 1 })));
    const failing = database.run((db) =>
      db.transaction(async (tx) => {
        await tx.insert(settings).values({ id: 'rolled-back', value: 1 });
        throw new Error('changed my mind');
      }),
    );
    await expect(failing).rejects.toThrow('changed my mind');
    const ids = await database.run((db) => db.select({ id: settings.id }).from(settings).all());
    expect(ids.map((row) => row.id)).toContain('committed');
    expect(ids.map((row) => row.id)).not.toContain('rolled-back');
  });

  it('reports a unique violation as drizzle’s error around a LibsqlError with SQLITE_CONSTRAINT', async () => {
    const insert = () => database.run((db) => db.insert(users).values({ id: crypto.randomUUID(), email: 'same@example.com', passwordHash: 'h' }));
    await insert();
    const error = await insert().catch((e: unknown) => e);
    expect((error as Error).cause).toBeInstanceOf(LibsqlError);
    expect((error as Error).cause).toMatchObject({ code: 'SQLITE_CONSTRAINT' });
  });

  it('loses no update when two Database instances run read-modify-write transactions at once', async () => {
    const other = new Database({ url: server.url, authToken: TOKEN });
    await database.run((db) => db.insert(settings).values({ id: 'counter', value: 0 }));
    const increment = (target: Database) =>
      target.run((db) =>
        db.transaction(async (tx) => {
          const row = await tx.select().from(settings).where(eq(settings.id, 'counter')).get();
          await tx
            .update(settings)
            .set({ value: (row!.value as number) + 1 })
            .where(eq(settings.id, 'counter'));
        }),
      );
    await Promise.all(Array.from({ length: 10 }, (_, i) => increment(i % 2 ? database : other)));
    other.close();
    const counter = await database.run((db) => db.select().from(settings).where(eq(settings.id, 'counter')).get());
    expect(counter?.value).toBe(10);
  });
});
