/**
 * Hrana-over-HTTP streams and their batons (docs/HTTP_V2_SPEC.md; libsql-server src/hrana/http/stream.rs). A stream is
 * one database connection. Every answer carries a new baton naming the stream and the sequence number the next request
 * must show, signed with a key of this server, so a baton is unguessable and good for one request only. A stream left
 * idle for the idle timeout (sqld: 10 s) is closed, which rolls back its transaction; its batons then answer "expired"
 * for five minutes, after which they are merely invalid.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Connection } from './connection.ts';
import { ProtocolError } from './protocol.ts';
import type { LockHolder, WriteLock } from './write-lock.ts';

const EXPIRED_BATON_MEMORY_MS = 300_000;
const U64 = 2n ** 64n;

export class Stream implements LockHolder {
  readonly id: bigint;
  seq: bigint;
  connection: Connection | undefined;
  /** SQL texts stored with store_sql, by id. */
  readonly sqls = new Map<number, string>();
  /** SQLite's write lock is held: a transaction is open and has written (or began IMMEDIATE). */
  holdsWriteLock = false;
  /** Rolled back for keeping a waiting writer out too long; the next request is told so. */
  timedOut = false;
  /** A request is using the stream; its baton is spent and the next one not yet issued. */
  inUse = true;
  lastUsed = 0;

  constructor(connection: Connection) {
    this.id = randomU64();
    this.seq = randomU64();
    this.connection = connection;
  }

  forceRollback(): void {
    try {
      if (this.connection?.inTransaction) this.connection.exec('ROLLBACK');
    } finally {
      this.holdsWriteLock = false;
      this.timedOut = true;
    }
  }
}

export interface StreamsOptions {
  file: string;
  idleTimeoutMs: number;
  now: () => number;
  writeLock: WriteLock;
}

export class Streams {
  readonly #options: StreamsOptions;
  readonly #key = randomBytes(32);
  readonly #open = new Map<bigint, Stream>();
  /** Streams closed for idleness, with the time their batons stop answering "expired". */
  readonly #expired = new Map<bigint, number>();

  constructor(options: StreamsOptions) {
    this.#options = options;
  }

  get size(): number {
    return this.#open.size;
  }

  /** The stream a request names by its baton, or a new one for a request without. */
  acquire(baton: string | null | undefined): Stream {
    if (baton == null) {
      const stream = new Stream(new Connection(this.#options.file));
      this.#open.set(stream.id, stream);
      return stream;
    }
    const { id, seq } = this.#decode(baton);
    const stream = this.#open.get(id);
    if (!stream && this.#expired.has(id)) throw new ProtocolError('The stream has expired due to inactivity', 'STREAM_EXPIRED');
    if (!stream) throw new ProtocolError('Received an invalid baton');
    if (stream.inUse || stream.seq !== seq) throw new ProtocolError('Received a baton that has already been used');
    stream.inUse = true;
    stream.seq = (stream.seq + 1n) % U64;
    return stream;
  }

  /** Ends the request's use of the stream: the baton for the next request, or null once the stream is closed. */
  release(stream: Stream): string | null {
    stream.inUse = false;
    if (!stream.connection) {
      this.#open.delete(stream.id);
      return null;
    }
    stream.lastUsed = this.#options.now();
    return this.#encode(stream.id, stream.seq);
  }

  /** Closes the stream's connection (rolling back what it left open); release() then forgets it. */
  close(stream: Stream): void {
    try {
      stream.connection?.close();
    } finally {
      stream.connection = undefined;
      stream.holdsWriteLock = false;
      this.#options.writeLock.settle(stream, false);
    }
  }

  /** Closes for good a stream whose request failed, as sqld drops it. */
  discard(stream: Stream): void {
    this.close(stream);
    this.#open.delete(stream.id);
  }

  expireIdle(): void {
    const now = this.#options.now();
    for (const [id, forgetAt] of this.#expired) if (forgetAt <= now) this.#expired.delete(id);
    for (const stream of this.#open.values()) {
      if (stream.inUse || stream.lastUsed + this.#options.idleTimeoutMs > now) continue;
      this.discard(stream);
      this.#expired.set(stream.id, now + EXPIRED_BATON_MEMORY_MS);
    }
  }

  closeAll(): void {
    for (const stream of this.#open.values()) this.discard(stream);
  }

  #encode(id: bigint, seq: bigint): string {
    const payload = Buffer.alloc(16);
    payload.writeBigUInt64BE(id, 0);
    payload.writeBigUInt64BE(seq, 8);
    return Buffer.concat([payload, this.#mac(payload)]).toString('base64url');
  }

  #decode(baton: string): { id: bigint; seq: bigint } {
    const data = Buffer.from(baton, 'base64url');
    const payload = data.subarray(0, 16);
    if (data.length !== 48 || !timingSafeEqual(data.subarray(16), this.#mac(payload))) throw new ProtocolError('Received an invalid baton');
    return { id: payload.readBigUInt64BE(0), seq: payload.readBigUInt64BE(8) };
  }

  #mac(payload: Buffer): Buffer {
    return createHmac('sha256', this.#key).update(payload).digest();
  }
}

function randomU64(): bigint {
  return randomBytes(8).readBigUInt64BE(0);
}
