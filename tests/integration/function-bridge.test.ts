/**
 * The bridge's reading of a small body (src/server/local/function-bridge.ts, wholeBody) over a real socket: whole when
 * it comes, and never a truncated body when the client goes away before the length it declared.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { toWebRequest } from '../../src/server/local/function-bridge.ts';

interface Bridged {
  /** Settles once the server has the request's headers and has begun to read its body. */
  started: Promise<void>;
  /** What toWebRequest made of the request: the body's text, or the error it rejected with. */
  outcome: Promise<{ body: string } | { error: unknown }>;
}

let server: Server | undefined;
let client: Socket | undefined;

afterEach(async () => {
  client?.destroy();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
  client = undefined;
});

/**
 * A server that hands its one request to toWebRequest, and a raw socket to it. `late`: only once the request has been
 * torn down, as when the server was busy with other work when the client went away.
 */
async function bridgeOneRequest({ late = false } = {}): Promise<Bridged & { socket: Socket }> {
  let started!: () => void;
  let settle!: (outcome: { body: string } | { error: unknown }) => void;
  const bridged: Bridged = {
    started: new Promise((resolve) => (started = resolve)),
    outcome: new Promise((resolve) => (settle = resolve)),
  };
  server = createServer((request: IncomingMessage) => {
    const bridge = () =>
      toWebRequest(request).then(
        async ({ request: webRequest }) => settle({ body: await webRequest.text() }),
        (error: unknown) => settle({ error }),
      );
    if (late) request.once('close', () => void bridge());
    else void bridge();
    started();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  client = connect(port, '127.0.0.1');
  await new Promise((resolve) => client!.once('connect', resolve));
  return { ...bridged, socket: client };
}

const head = (length: number) => `POST /api/track HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: ${length}\r\n\r\n`;

describe('the function bridge reading a small body', () => {
  it('hands over the whole body when it comes in the same packet as the headers', async () => {
    const { socket, outcome } = await bridgeOneRequest();
    const body = JSON.stringify({ productId: 1, event: 'click' });
    socket.write(head(Buffer.byteLength(body)) + body);
    expect(await outcome).toEqual({ body });
  });

  it('joins a body that comes in pieces after the headers', async () => {
    const { socket, started, outcome } = await bridgeOneRequest();
    const body = JSON.stringify({ productId: 1, event: 'click', pagePath: `/${'p'.repeat(200)}` });
    socket.write(head(Buffer.byteLength(body)) + body.slice(0, 20));
    await started;
    socket.write(body.slice(20));
    expect(await outcome).toEqual({ body });
  });

  it('rejects, and does not wait forever, when the client went away before the bridge began to read', async () => {
    const { socket, started, outcome } = await bridgeOneRequest({ late: true });
    socket.write(`${head(100)}{"productId":1`);
    await started;
    socket.destroy();
    expect(await outcome).toHaveProperty('error');
  });

  it('rejects, never handing over part of it, when the client goes away before the declared length', async () => {
    const { socket, started, outcome } = await bridgeOneRequest();
    socket.write(`${head(100)}{"productId":1`);
    await started;
    socket.destroy();
    const result = await outcome;
    expect(result).toHaveProperty('error');
    expect(result).not.toHaveProperty('body');
  });
});
