import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../db/schema.ts';
import { inJsonList } from '../../db/sql.ts';
import { createTempDatabase, type TempDatabase } from '../helpers/temp-db.ts';

let temp: TempDatabase;
beforeAll(async () => (temp = await createTempDatabase('repwell-sql-')));
afterAll(() => temp.cleanup());

describe('inJsonList', () => {
  it('matches exactly the listed values, strings with quotes included, with one parameter however many there are', async () => {
    const keys = ["it's", 'plain', 'a "quoted" key', 'not listed'];
    await temp.database.run((db) => db.insert(settings).values(keys.map((key) => ({ id: key, value: {} }))));
    // Far past SQLite's cap on bound parameters (32,766), had each value been one.
    const listed = [...keys.slice(0, 3), ...Array.from({ length: 40_000 }, (_, index) => `absent-${index}`)];
    const rows = await temp.database.run((db) => db.select({ id: settings.id }).from(settings).where(inJsonList(settings.id, listed)).orderBy(asc(settings.id)));
    expect(rows.map((row) => row.id)).toEqual(['a "quoted" key', "it's", 'plain']);
  });

  it('matches nothing for an empty list', async () => {
    const rows = await temp.database.run((db) => db.select({ id: settings.id }).from(settings).where(inJsonList(settings.id, [])));
    expect(rows).toEqual([]);
  });
});
