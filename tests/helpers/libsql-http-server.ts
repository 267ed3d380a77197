/**
 * A small libSQL server speaking Hrana 2 over HTTP, for tests: a stand-in for the remote (Turso) database that
 * production reaches through @libsql/client's HTTP client, backed by a real database file. No sqld can run here, so
 * this one follows the protocol's documents and sqld's behaviour, read in tursodatabase/libsql:
 *
 * - docs/HTTP_V2_SPEC.md (pipeline, batons, base_url), docs/HRANA_2_SPEC.md (store_sql, sequence, describe) and
 *   docs/HRANA_1_SPEC.md (statements, values, batches and their conditions, errors);
 * - libsql-server src/hrana/http/{mod,stream,request}.rs (streams, baton checks, expiry after 10 s, HTTP errors),
 *   src/hrana/stmt.rs (argument binding, error codes), src/connection/program.rs (affected_row_count and
 *   last_insert_rowid) and src/connection/connection_manager.rs (writers queue; a 5 s transaction timeout).
 *
 *   const server = await startLibsqlHttpServer({ file: '/tmp/app.db', authToken: 'secret' });
 *   const client = createClient({ url: server.url, authToken: 'secret' });
 *
 * Routes: GET /, /health and /v2 answer 200 (version probes); POST /v2/pipeline runs a pipeline. Hrana 3 (/v3,
 * /v3-protobuf, cursors) answers 404, so a client falls back to Hrana 2. Streams open the file in WAL mode.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Connection } from './hrana/connection.ts';
import { pipelineRequestSchema, ProtocolError, type PipelineResponse } from './hrana/protocol.ts';
import { handleStreamRequest } from './hrana/requests.ts';
import { Streams } from './hrana/streams.ts';
import { WriteLock } from './hrana/write-lock.ts';

export interface LibsqlHttpServerOptions {
  /** The database file (created if missing). */
  file: string;
  /** When set, a pipeline request must carry `Authorization: Bearer <authToken>`, or is answered 401. */
  authToken?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** How long a stream may sit unused before it is closed and its transaction rolled back (sqld: 10 s). */
  streamIdleTimeoutMs?: number;
  /** How long a transaction may keep the write lock from a waiting writer before it is rolled back (sqld: 5 s). */
  transactionTimeoutMs?: number;
  /** How long a statement waits for a lock held outside this server, by another process, before SQLITE_BUSY. */
  busyTimeoutMs?: number;
  /** The clock idle streams and transaction timeouts are measured by; tests pass one they move by hand. */
  now?: () => number;
}

export interface LibsqlHttpServer {
  /** `http://host:port`, for createClient({ url }). */
  url: string;
  /** Open streams, and statements waiting for the write lock. */
  stats(): { streams: number; waitingWriters: number };
  /** Rolls back what open streams left uncommitted, closes their connections and stops listening. */
  close(): Promise<void>;
}

export async function startLibsqlHttpServer(options: LibsqlHttpServerOptions): Promise<LibsqlHttpServer> {
  const now = options.now ?? Date.now;
  const idleTimeoutMs = options.streamIdleTimeoutMs ?? 10_000;
  useWriteAheadLog(options.file);
  const writeLock = new WriteLock({ transactionTimeoutMs: options.transactionTimeoutMs ?? 5000, now });
  const streams = new Streams({ file: options.file, idleTimeoutMs, now, writeLock });
  const pipeline = { streams, writeLock, busyTimeoutMs: options.busyTimeoutMs ?? 5000 };
  let closing = false;

  const server = createServer((request, response) => {
    if (closing) return answer(response, 503, 'text/plain', 'The server is shutting down');
    route(request, response, options.authToken, pipeline).catch((error: unknown) => answerError(response, error));
  });
  server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  await new Promise((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const sweeper = setInterval(() => streams.expireIdle(), Math.min(1000, Math.max(10, idleTimeoutMs / 4)));
  sweeper.unref();

  let closed: Promise<void> | undefined;
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
    stats: () => ({ streams: streams.size, waitingWriters: writeLock.waiting }),
    close() {
      closed ??= new Promise((resolve) => {
        closing = true;
        clearInterval(sweeper);
        writeLock.refuseAll(new Error('The server is shutting down'));
        streams.closeAll();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}

interface Pipeline {
  streams: Streams;
  writeLock: WriteLock;
  busyTimeoutMs: number;
}

/** WAL is a property of the file: set once, every later connection uses it. */
function useWriteAheadLog(file: string): void {
  const connection = new Connection(file);
  try {
    connection.exec('PRAGMA journal_mode = WAL');
  } finally {
    connection.close();
  }
}

async function route(request: IncomingMessage, response: ServerResponse, authToken: string | undefined, pipeline: Pipeline): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  if (request.method === 'GET' && ['/', '/health', '/v2'].includes(path)) {
    return answer(response, 200, 'text/plain', 'Hello, this is HTTP API v2 (Hrana over HTTP)');
  }
  if (request.method !== 'POST' || path !== '/v2/pipeline') return answer(response, 404, 'text/plain', '');
  const refusal = authenticate(request, authToken);
  if (refusal) return answer(response, 401, 'application/json', JSON.stringify({ error: refusal }));
  const body = await readJson(request);
  answer(response, 200, 'application/json', JSON.stringify(await runPipeline(body, pipeline)));
}

/** Why the request may not use the database, if it may not. */
function authenticate(request: IncomingMessage, authToken: string | undefined): string | undefined {
  if (authToken === undefined) return undefined;
  const header = request.headers.authorization;
  if (header === undefined) return 'The `Authorization` HTTP header is required but was not specified';
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(header), digest(`Bearer ${authToken}`)) ? undefined : 'Authentication failed: the token is invalid';
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch (error) {
    throw new ProtocolError(`Cannot deserialize client message from JSON: ${(error as Error).message}`);
  }
}

/** Runs every request of the pipeline, in order, on the stream its baton names (or a new one). */
async function runPipeline(body: unknown, { streams, writeLock, busyTimeoutMs }: Pipeline): Promise<PipelineResponse> {
  const parsed = pipelineRequestSchema.safeParse(body);
  if (!parsed.success) throw new ProtocolError(`Cannot deserialize client message from JSON: ${parsed.error.message}`);
  streams.expireIdle();
  const stream = streams.acquire(parsed.data.baton);
  try {
    const results = [];
    for (const request of parsed.data.requests) {
      results.push(await handleStreamRequest({ stream, writeLock, busyTimeoutMs }, streams, request));
    }
    return { baton: streams.release(stream), base_url: null, results };
  } catch (error) {
    streams.discard(stream);
    throw error;
  }
}

function answerError(response: ServerResponse, error: unknown): void {
  if (!(error instanceof ProtocolError)) return answer(response, 500, 'application/json', JSON.stringify({ error: String(error) }));
  if (error.code === undefined) return answer(response, 400, 'text/plain', error.message);
  answer(response, 400, 'application/json', JSON.stringify({ message: error.message, code: error.code }));
}

function answer(response: ServerResponse, status: number, contentType: string, body: string): void {
  if (response.headersSent || response.destroyed) return;
  response.writeHead(status, { 'content-type': contentType });
  response.end(body);
}
