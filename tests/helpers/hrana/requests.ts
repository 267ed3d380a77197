/**
 * One stream request of a pipeline and its result (docs/HTTP_V2_SPEC.md, "Requests"). A failure of the request is its
 * result; a violation of the protocol (ProtocolError) fails the whole HTTP request instead, as in sqld
 * (libsql-server src/hrana/http/request.rs).
 */
import { HranaError, ProtocolError, type StreamRequest, type StreamResponse, type StreamResult } from './protocol.ts';
import { describe, executeBatch, executeSequence, executeStatement, type StatementContext } from './statements.ts';
import type { Streams } from './streams.ts';

const MAX_STORED_SQLS = 50;
const MAX_STORED_SQL_BYTES = 5000;

export async function handleStreamRequest(context: StatementContext, streams: Streams, request: StreamRequest): Promise<StreamResult> {
  try {
    return { type: 'ok', response: await respond(context, streams, request) };
  } catch (error) {
    if (error instanceof HranaError) return { type: 'error', error: error.toBody() };
    throw error;
  }
}

async function respond(context: StatementContext, streams: Streams, request: StreamRequest): Promise<StreamResponse> {
  const { stream } = context;
  switch (request.type) {
    case 'close':
      streams.close(stream);
      return { type: 'close' };
    case 'execute':
      return { type: 'execute', result: await executeStatement(context, request.stmt) };
    case 'batch':
      return { type: 'batch', result: await executeBatch(context, request.batch) };
    case 'sequence':
      await executeSequence(context, request.sql, request.sql_id);
      return { type: 'sequence' };
    case 'describe':
      return { type: 'describe', result: describe(stream, request.sql, request.sql_id) };
    case 'store_sql':
      storeSql(stream.sqls, request.sql_id, request.sql);
      return { type: 'store_sql' };
    case 'close_sql':
      stream.sqls.delete(request.sql_id);
      return { type: 'close_sql' };
  }
}

/** SQL texts are kept per stream, at most 50 of at most 5 kB each (libsql-server src/hrana/http/request.rs). */
function storeSql(sqls: Map<number, string>, sqlId: number, sql: string): void {
  if (sqls.has(sqlId)) throw new ProtocolError(`SQL text ${sqlId} already exists`);
  if (sqls.size >= MAX_STORED_SQLS) throw new HranaError('SQL_STORE_TOO_MANY', `The server already stores ${sqls.size} SQL texts, it cannot store more`);
  const bytes = Buffer.byteLength(sql);
  if (bytes > MAX_STORED_SQL_BYTES) throw new HranaError('SQL_STORE_TOO_LARGE', `The statement is too large to be stored: ${bytes} B/5.0 KB`);
  sqls.set(sqlId, sql);
}
