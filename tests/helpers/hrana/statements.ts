/**
 * Running SQL on a stream: one statement (execute), a batch with conditions, a sequence, or describing one. A statement
 * that may write first waits for the write lock (write-lock.ts). A statement still refused with SQLITE_BUSY met a lock
 * held outside this server (another process on the file): it is tried again, without blocking, until the busy timeout
 * has passed, as SQLite's busy handler would.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { hranaErrorFromSqlite, isBusy, isRetryableBusy, type Connection, type Prepared } from './connection.ts';
import { HranaError, ProtocolError, type Batch, type BatchCond, type BatchResult, type DescribeResult, type Stmt, type StmtResult } from './protocol.ts';
import { splitStatements, statementFacts, type StatementFacts } from './sql-text.ts';
import type { Stream } from './streams.ts';
import { bindArguments, type SqliteValue } from './values.ts';
import type { WriteLock } from './write-lock.ts';

export interface StatementContext {
  stream: Stream;
  writeLock: WriteLock;
  busyTimeoutMs: number;
}

const timedOutError = () => new HranaError('TRANSACTION_TIMEOUT', 'Transaction timed out');

export async function executeStatement(context: StatementContext, stmt: Stmt): Promise<StmtResult> {
  if (takeTimeout(context.stream)) throw timedOutError();
  return runStmt(context, stmt, resolveSql(context.stream, stmt.sql, stmt.sql_id));
}

/** Steps run in order; a step whose condition is false is skipped, and its result and error are both null. */
export async function executeBatch(context: StatementContext, batch: Batch): Promise<BatchResult> {
  const sqls = batch.steps.map(({ stmt, condition }, index) => {
    if (condition && !referencesEarlierSteps(condition, index)) throw new ProtocolError('Invalid reference to step in a batch condition');
    return resolveSql(context.stream, stmt.sql, stmt.sql_id);
  });
  const timedOut = takeTimeout(context.stream);
  const outcomes: Array<'ok' | 'error' | 'skipped'> = [];
  const result: BatchResult = { step_results: [], step_errors: [] };
  for (const [index, { stmt, condition }] of batch.steps.entries()) {
    // After a forced rollback sqld fails every step, whatever its condition.
    const run = timedOut || !condition || holds(condition, outcomes);
    const [stepResult, stepError] = !run ? [null, null] : timedOut ? [null, timedOutError()] : await settled(runStmt(context, stmt, sqls[index]!));
    outcomes.push(!run ? 'skipped' : stepError ? 'error' : 'ok');
    result.step_results.push(stepResult);
    result.step_errors.push(stepError?.toBody() ?? null);
  }
  return result;
}

/** Statements separated by semicolons, rows ignored, stopping at the first failure (which is the answer). */
export async function executeSequence(context: StatementContext, sql: string | null | undefined, sqlId: number | null | undefined): Promise<void> {
  const text = resolveSql(context.stream, sql, sqlId);
  if (takeTimeout(context.stream)) throw timedOutError();
  for (const statement of splitStatements(text)) {
    const facts = statementFacts(statement);
    await runStatement(context, statement, facts, bindArguments(noArguments, facts), false);
  }
}

export function describe(stream: Stream, sql: string | null | undefined, sqlId: number | null | undefined): DescribeResult {
  const text = resolveSql(stream, sql, sqlId);
  const facts = statementFacts(text);
  const byIndex = new Map(facts.parameters.map(({ index, name }) => [index, name]));
  const columns = prepare(connectionOf(stream), text).columns();
  return {
    params: Array.from({ length: facts.parameterCount }, (_, i) => ({ name: byIndex.get(i + 1) ?? null })),
    cols: columns.map(({ name, type }) => ({ name, decltype: type })),
    is_explain: facts.isExplain,
    is_readonly: facts.isReadonly,
  };
}

export function resolveSql(stream: Stream, sql: string | null | undefined, sqlId: number | null | undefined): string {
  if (sql != null && sqlId != null) throw new ProtocolError('Either `sql` or `sql_id` are required, but not both');
  if (sql != null) return sql;
  if (sqlId == null) throw new ProtocolError('Either `sql` or `sql_id` are required');
  const stored = stream.sqls.get(sqlId);
  if (stored === undefined) throw new ProtocolError(`SQL text ${sqlId} not found`);
  return stored;
}

const noArguments: Stmt = { args: [], named_args: [] };

async function runStmt(context: StatementContext, stmt: Stmt, sql: string): Promise<StmtResult> {
  const statements = splitStatements(sql);
  if (statements.length === 0) throw new HranaError('SQL_NO_STATEMENT', 'SQL string does not contain any statement');
  if (statements.length > 1) throw new HranaError('SQL_MANY_STATEMENTS', 'SQL string contains more than one statement');
  const facts = statementFacts(sql);
  return runStatement(context, sql, facts, bindArguments(stmt, facts), stmt.want_rows ?? true);
}

async function runStatement(context: StatementContext, sql: string, facts: StatementFacts, args: SqliteValue[], wantRows: boolean): Promise<StmtResult> {
  const { stream, writeLock } = context;
  if (facts.takesWriteLock) await writeLock.acquire(stream);
  let tookLock = false;
  try {
    const connection = connectionOf(stream);
    const statement = prepare(connection, sql);
    try {
      const result = await runUntilNotBusy(connection, statement, args, facts, wantRows, context.busyTimeoutMs);
      tookLock = facts.takesWriteLock;
      return result;
    } catch (error) {
      // A write that failed after it began (a constraint, say) keeps the lock until its transaction ends.
      tookLock = facts.takesWriteLock && !facts.isBegin && !isBusy(error);
      throw hranaErrorFromSqlite(error, 'step');
    }
  } finally {
    stream.holdsWriteLock = (stream.connection?.inTransaction ?? false) && (stream.holdsWriteLock || tookLock);
    writeLock.settle(stream, stream.holdsWriteLock);
  }
}

async function runUntilNotBusy(connection: Connection, statement: Prepared, args: SqliteValue[], facts: StatementFacts, wantRows: boolean, busyTimeoutMs: number): Promise<StmtResult> {
  const deadline = performance.now() + busyTimeoutMs;
  for (let delay = 1; ; delay = Math.min(delay * 2, 100)) {
    try {
      return connection.run(statement, args, facts, wantRows);
    } catch (error) {
      // Running the same statement again also resets it: libsql leaves a statement that failed busy holding its read
      // snapshot until it is reset or garbage-collected. Like SQLite's own busy handler, the last sleep is cut to what
      // is left, so the lock is waited for the whole timeout.
      const left = deadline - performance.now();
      if (!isRetryableBusy(error) || left <= 0) throw error;
      await sleep(Math.min(delay, left));
    }
  }
}

function prepare(connection: Connection, sql: string): Prepared {
  try {
    return connection.prepare(sql);
  } catch (error) {
    throw hranaErrorFromSqlite(error, 'prepare');
  }
}

function connectionOf(stream: Stream): Connection {
  if (!stream.connection) throw new ProtocolError('Stream for this baton was closed');
  return stream.connection;
}

/** sqld fails every step of the first program after a forced rollback, then carries on. */
function takeTimeout(stream: Stream): boolean {
  const timedOut = stream.timedOut;
  stream.timedOut = false;
  return timedOut;
}

async function settled(result: Promise<StmtResult>): Promise<[StmtResult, null] | [null, HranaError]> {
  try {
    return [await result, null];
  } catch (error) {
    if (error instanceof HranaError) return [null, error];
    throw error;
  }
}

function referencesEarlierSteps(cond: BatchCond, index: number): boolean {
  switch (cond.type) {
    case 'ok':
    case 'error':
      return cond.step < index;
    case 'not':
      return referencesEarlierSteps(cond.cond, index);
    case 'and':
    case 'or':
      return cond.conds.every((c) => referencesEarlierSteps(c, index));
  }
}

/**
 * As the spec says: `ok` and `error` are false for a skipped step. (sqld evaluates `error` as "not ok", true for a
 * skipped step too; @libsql/client sends only `ok` and `not`, where the two agree.)
 */
function holds(cond: BatchCond, outcomes: ReadonlyArray<'ok' | 'error' | 'skipped'>): boolean {
  switch (cond.type) {
    case 'ok':
    case 'error':
      return outcomes[cond.step] === cond.type;
    case 'not':
      return !holds(cond.cond, outcomes);
    case 'and':
      return cond.conds.every((c) => holds(c, outcomes));
    case 'or':
      return cond.conds.some((c) => holds(c, outcomes));
  }
}
