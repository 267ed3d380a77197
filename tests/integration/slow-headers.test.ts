/**
 * Sockets that send no request, or only part of its headers, are closed by the local server once the headers timeout
 * has passed (slowloris): 50 such sockets are opened at once over real TCP and each is waited on until the server
 * closes it. Before, Node's defaults kept them open for 60 to 90 s (500 idle sockets were still held after 45 s).
 */
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS_TIMEOUT_MS, startLocalServer, type LocalServer } from '../../src/server/local/server.ts';
import { silentLogger } from '../../src/server/local/logger.ts';

const fixtures = join(import.meta.dirname, '../fixtures');
let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer({ port: 0, site: join(fixtures, 'local-site'), functionsDir: join(fixtures, 'local-functions'), logger: silentLogger });
});
afterAll(() => server?.close());

interface Held {
  socket: Socket;
  received: string;
  closedAfterMs: Promise<number>;
}

async function open(firstBytes: string | null): Promise<Held> {
  const socket = connect(server.port, '127.0.0.1');
  await once(socket, 'connect');
  const started = performance.now();
  const held: Held = { socket, received: '', closedAfterMs: once(socket, 'close').then(() => performance.now() - started) };
  socket.on('data', (chunk: Buffer) => (held.received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  if (firstBytes !== null) socket.write(firstBytes);
  return held;
}

describe('the headers timeout', () => {
  it(`closes 50 sockets that send nothing or a partial header within a few seconds of ${HEADERS_TIMEOUT_MS / 1000} s`, { timeout: 60_000 }, async () => {
    const sockets = await Promise.all(
      Array.from({ length: 50 }, (_, index) => open(index % 2 === 0 ? null : `GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow-${index}: `)),
    );
    const closedAfter = await Promise.all(sockets.map((held) => held.closedAfterMs));
    // Not before the timeout (a slow but honest client keeps its chance), and not long after it.
    for (const ms of closedAfter) {
      expect(ms).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
      expect(ms).toBeLessThan(HEADERS_TIMEOUT_MS + 15_000);
    }
    // A socket that began a request is told why.
    expect(sockets.filter((_, index) => index % 2 === 1).every((held) => held.received.startsWith('HTTP/1.1 408'))).toBe(true);
  });

  it('leaves a client alone that sends its headers in time', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
  });
});
