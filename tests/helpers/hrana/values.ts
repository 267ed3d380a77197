/**
 * Hrana values to and from what the libsql package binds and returns. A `float` is bound as a JS number, which libsql
 * binds as REAL (as sqld does); an `integer` as a bigint, so 64-bit values keep every digit. Rows are read with
 * safeIntegers on, so an INTEGER comes back as a bigint and a REAL as a number: the type survives the trip.
 */
import { HranaError, type Stmt, type Value } from './protocol.ts';
import type { StatementFacts } from './sql-text.ts';

export type SqliteValue = null | bigint | number | string | Uint8Array;

export function toSqlite(value: Value): SqliteValue {
  switch (value.type) {
    case 'null':
      return null;
    case 'integer':
      return BigInt(value.value);
    case 'float':
    case 'text':
      return value.value;
    case 'blob':
      return Buffer.from(value.base64, 'base64');
  }
}

export function fromSqlite(value: unknown): Value {
  if (value === null || value === undefined) return { type: 'null' };
  if (typeof value === 'bigint') return { type: 'integer', value: value.toString() };
  if (typeof value === 'number') return { type: 'float', value };
  if (typeof value === 'string') return { type: 'text', value };
  if (value instanceof Uint8Array) return { type: 'blob', base64: Buffer.from(value).toString('base64') };
  throw new TypeError(`libsql returned a value of an unexpected type: ${typeof value}`);
}

/**
 * The values for parameters 1..n, matched as sqld's binding does (libsql-server src/query.rs): `?NNN` and bare `?` by
 * position, names by their full name or without their sign; more arguments than parameters, or a parameter without a
 * value, is ARGS_INVALID (libsql alone would bind NULL or drop the extra).
 */
export function bindArguments(stmt: Stmt, facts: StatementFacts): SqliteValue[] {
  if (stmt.args.length > 0 && stmt.named_args.length > 0) {
    throw new HranaError('ARGS_BOTH_POSITIONAL_AND_NAMED', 'Specifying both positional and named arguments is not supported');
  }
  const given = Math.max(stmt.args.length, stmt.named_args.length);
  if (given > facts.parameterCount) {
    throw argsInvalid(`too many parameters, expected ${facts.parameterCount} found ${given}`);
  }
  const named = new Map(stmt.named_args.map(({ name, value }) => [name, value]));
  const names = new Map(facts.parameters.map(({ index, name }) => [index, name]));
  const values: SqliteValue[] = [];
  for (let index = 1; index <= facts.parameterCount; index++) {
    const name = names.get(index) ?? null;
    const value = name === null || name.startsWith('?') ? stmt.args[index - 1] : (named.get(name) ?? named.get(name.slice(1)));
    if (value === undefined) throw argsInvalid(`value for parameter ${name ?? index} not found`);
    values.push(toSqlite(value));
  }
  return values;
}

function argsInvalid(reason: string): HranaError {
  return new HranaError('ARGS_INVALID', `Arguments do not match SQL parameters: ${reason}`);
}
