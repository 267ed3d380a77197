/**
 * The track bench's load: CONCURRENCY beacons in flight, each connection kept alive, run in a process of its own so
 * the load generator shares neither the server's thread nor its heap (this machine has two cores). Started by
 * scripts/bench/track.ts, which sends the order and receives what was sent.
 *
 * Each connection writes a request and reads its answer's head straight off a socket. A beacon's answer is a 204,
 * which has no body, so the head is the whole answer; anything else counts as an error and its connection is dropped.
 * Why not a library: autocannon cannot choose a connection's source address, which the bench needs (below), and an
 * undici client cost more per request than the bare server it is compared with (the floor read 16 ms at p95 under
 * undici, 7 ms this way).
 */
import { connect, type Socket } from 'node:net';
import { newClickId } from '../../src/domain/revenue/click-id.ts';
import { schedulingPolicy, type SchedulingPolicy } from '../../src/server/local/scheduling.ts';

export const CONCURRENCY = 50;
export const PER_ADDRESS = 50;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const HEAD_END = '\r\n\r\n';

/** 127.{block}.x.y: a distinct loopback address per index (up to 62,500). */
function loopback(block: number, index: number): string {
  return `127.${block}.${Math.floor(index / 250)}.${(index % 250) + 1}`;
}

export interface Sent {
  latencies: number[];
  /** From the first connection opened to the last answer read (the requests are made before). */
  elapsedMs: number;
  errors: number;
  statuses: Map<number, number>;
  /** This process's CPU time while it sent, in microseconds: the load's own share of the machine's cores. */
  cpuMicros: number;
  /** This process's scheduling policy, inherited from the server's process that started it (undefined off Linux). */
  scheduling: SchedulingPolicy | undefined;
}

export interface LoadOrder {
  baseUrl: string;
  productIds: number[];
  total: number;
  block: number;
}

function open(port: number, localAddress: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress, noDelay: true });
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/** Sends one request and resolves with its answer's status once the head has arrived (0 if the connection failed). */
function exchange(socket: Socket, request: Buffer): Promise<number> {
  return new Promise((resolve) => {
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes(HEAD_END)) return;
      done(Number(head.slice(9, 12)));
    };
    const onEnd = () => done(0);
    const done = (status: number) => {
      socket.off('data', onData);
      socket.off('error', onEnd);
      socket.off('close', onEnd);
      resolve(status);
    };
    socket.on('data', onData);
    socket.once('error', onEnd);
    socket.once('close', onEnd);
    socket.write(request);
  });
}

/** Every beacon's request, made before the clock starts: the load's own work shares this machine's cores with the server. */
function beaconRequests(host: string, productIds: readonly number[], total: number): Buffer[] {
  return Array.from({ length: total }, (_, index) => {
    const productId = productIds[index % productIds.length]!;
    const body = JSON.stringify({ productId, event: 'click', clickId: newClickId(), pagePath: '/products', network: null });
    return Buffer.from(
      `POST /api/track HTTP/1.1\r\nHost: ${host}\r\nContent-Type: text/plain;charset=UTF-8\r\nUser-Agent: ${BROWSER}\r\n` +
        `Sec-Fetch-Site: same-origin\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  });
}

/**
 * Each of the CONCURRENCY slots sends its share one request at a time, on one kept-alive connection per address
 * (PER_ADDRESS beacons each, for PER_ADDRESS different products: never a repeat, never past the 60-a-minute cap).
 */
async function fire({ baseUrl, productIds, total, block }: LoadOrder): Promise<Sent> {
  const { port, host } = new URL(baseUrl);
  const addresses = Math.ceil(total / PER_ADDRESS);
  const requests = beaconRequests(host, productIds, total);
  const sent: Sent = { latencies: [], elapsedMs: 0, errors: 0, statuses: new Map(), cpuMicros: 0, scheduling: schedulingPolicy() };
  const firstSent = performance.now();
  const cpuBefore = process.cpuUsage();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let address = next++; address < addresses; address = next++) {
        let socket = await open(Number(port), loopback(block, address));
        const count = Math.min(PER_ADDRESS, total - address * PER_ADDRESS);
        for (let n = 0; n < count; n++) {
          const started = performance.now();
          const status = await exchange(socket, requests[address * PER_ADDRESS + n]!);
          sent.latencies.push(performance.now() - started);
          sent.statuses.set(status, (sent.statuses.get(status) ?? 0) + 1);
          if (status !== 204) {
            sent.errors++;
            // The answer may have a body this reader does not parse: the rest of this address's beacons go on a new connection.
            socket.destroy();
            socket = await open(Number(port), loopback(block, address));
          }
        }
        socket.destroy();
      }
    }),
  );
  sent.elapsedMs = performance.now() - firstSent;
  const cpu = process.cpuUsage(cpuBefore);
  sent.cpuMicros = cpu.user + cpu.system;
  return sent;
}

if (process.send) {
  process.once('message', (order: LoadOrder) => {
    void fire(order).then((sent) => process.send!(sent, () => process.disconnect()));
  });
}
