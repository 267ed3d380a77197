import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@libsql/client';
import { inArray, sql } from 'drizzle-orm';
import { isBusyError, WAL_AUTOCHECKPOINT_PAGES } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';
import { createTempDatabase, type TempDatabase } from '../helpers/temp-db.ts';

const writerScript = fileURLToPath(new URL('../fixtures/concurrent-writer.ts', import.meta.url));

function runWriter(url: string, name: string, rows: number, busyTimeoutMs: number): Promise<{ acked: string[]; busy: number; recovered: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [writerScript, url, name, String(rows), String(busyTimeoutMs)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`writer ${name} exited ${code}: ${err}`));
      const lines = out.split('\n');
      resolve({
        acked: lines.filter((l) => l.startsWith('ack ')).map((l) => l.slice(4)),
        busy: Number(lines.find((l) => l.startsWith('busy '))?.slice(5) ?? NaN),
        recovered: Number(lines.find((l) => l.startsWith('recovered '))?.slice(10) ?? NaN),
      });
    });
  });
}

describe('two writer processes on one database file', () => {
  let temp: TempDatabase;
  beforeAll(async () => {
    temp = await createTempDatabase();
  });
  afterAll(() => temp.cleanup());

  it('keeps every acknowledged write, with the default busy timeout', async () => {
    const [a, b] = await Promise.all([runWriter(temp.url, 'a', 300, 5000), runWriter(temp.url, 'b', 300, 5000)]);
    const acked = [...a.acked, ...b.acked];
    expect(acked).toHaveLength(600);
    const stored = await temp.database.run((db) => db.select({ id: settings.id }).from(settings).where(inArray(settings.id, acked)));
    expect(stored).toHaveLength(acked.length);
  });

  it('recovers from SQLITE_BUSY without losing an acknowledged write', async () => {
    // Writers wait 1 ms for a lock while a third client keeps taking the write lock for 120 ms
    // at a time, so busy errors are certain and every write goes through the recovery path.
    let holder = createClient({ url: temp.url, timeout: 5000 });
    // A busy error can leave the holder's connection with a statement it cannot commit past ("SQL statements in
    // progress"), so after one it starts on a fresh client, as the Database class does.
    const freshHolder = () => {
      holder.close();
      holder = createClient({ url: temp.url, timeout: 5000 });
    };
    let writersDone = false;
    const holding = (async () => {
      while (!writersDone) {
        // The holder is only there to make the writers meet a lock. On a loaded machine the writers, retrying at once,
        // can keep the lock past its own 5 s wait; then it tries again rather than failing the test it serves.
        try {
          const tx = await holder.transaction('write');
          await new Promise((resolve) => setTimeout(resolve, 120));
          await tx.commit();
        } catch (error) {
          if (!isBusyError(error)) throw error;
          freshHolder();
          continue;
        }
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
    })();
    const writers = Promise.all([runWriter(temp.url, 'c', 1500, 1), runWriter(temp.url, 'd', 1500, 1)]);
    const [a, b] = await writers.finally(() => (writersDone = true));
    await holding;
    holder.close();
    const acked = [...a.acked, ...b.acked];
    expect(a.recovered + b.recovered).toBeGreaterThan(0);
    expect(acked.length).toBeGreaterThan(0);
    const stored = await temp.database.run((db) => db.select({ id: settings.id }).from(settings).where(inArray(settings.id, acked)));
    expect(stored.map((row) => row.id).sort()).toEqual([...acked].sort());
  });
});

describe('an embedded database connection', () => {
  let temp: TempDatabase;
  beforeAll(async () => {
    temp = await createTempDatabase();
  });
  afterAll(() => temp.cleanup());

  it('runs in WAL mode with the raised checkpoint threshold on every connection that commits', async () => {
    // Reads started together inside one run(), as the admin screens' are: a pooled client opened a second connection
    // for them, without the setting, and later transactions committed on it.
    await temp.database.run((db) => Promise.all([db.get(sql`select 1`), db.get(sql`select 2`), db.get(sql`select 3`)]));
    const pragma = async (name: string) => {
      // In a transaction, as the tracking writer's batches are: the connection that commits is the one that checkpoints.
      const row = await temp.database.run((db) => db.transaction(async (tx) => tx.get<Record<string, unknown>>(sql.raw(`PRAGMA ${name}`))));
      return Object.values(row)[0];
    };
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('wal_autocheckpoint')).toBe(WAL_AUTOCHECKPOINT_PAGES);
  });
});

describe('isBusyError', () => {
  it('recognises SQLITE_BUSY codes, also when wrapped as a cause', () => {
    const busy = Object.assign(new Error('SQLITE_BUSY: database is locked'), { code: 'SQLITE_BUSY' });
    expect(isBusyError(busy)).toBe(true);
    expect(isBusyError(new Error('query failed', { cause: busy }))).toBe(true);
    expect(isBusyError(new Error('UNIQUE constraint failed'))).toBe(false);
    expect(isBusyError('SQLITE_BUSY')).toBe(false);
  });
});
