/** SQL fragments shared by the server's queries. */
import { sql, type Column, type SQL } from 'drizzle-orm';

/**
 * `column IN (…values)` with one bound parameter however many values there are: SQLite caps bound parameters (and
 * drizzle builds and checks one per value, which cost more than the lookups on the tracking writer's path), not the
 * length of a JSON text. Values are numbers or strings, which json_each gives back as they were.
 */
export function inJsonList(column: Column | SQL, values: readonly (number | string)[]): SQL {
  return sql`${column} in (select value from json_each(${JSON.stringify(values)}))`;
}
