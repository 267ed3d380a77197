/**
 * The track bench's load: CONCURRENCY beacons in flight over kept-alive undici pools, run in a worker thread so the
 * load generator does not take the server's core (this machine has two). Started by scripts/bench/track.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Client } from 'undici';
import { newClickId } from '../../src/domain/revenue/click-id.ts';

export const CONCURRENCY = 50;
export const PER_ADDRESS = 50;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

/** 127.{block}.x.y: a distinct loopback address per index (up to 62,500). */
function loopback(block: number, index: number): string {
  return `127.${block}.${Math.floor(index / 250)}.${(index % 250) + 1}`;
}

export interface Sent {
  latencies: number[];
  errors: number;
  statuses: Map<number, number>;
}

export interface LoadOrder {
  baseUrl: string;
  productIds: number[];
  total: number;
  block: number;
}

/**
 * Each of the CONCURRENCY slots sends its share one request at a time, on one kept-alive connection per address
 * (PER_ADDRESS beacons each, for PER_ADDRESS different products: never a repeat, never past the 60-a-minute cap).
 * Addresses go to 127.0.0.1 by number, not 'localhost': a name would cost a lookup per connection.
 */
async function fire(baseUrl: string, productIds: readonly number[], total: number, block: number): Promise<Sent> {
  const origin = baseUrl.replace('//localhost:', '//127.0.0.1:');
  const addresses = Math.ceil(total / PER_ADDRESS);
  const sent: Sent = { latencies: [], errors: 0, statuses: new Map() };
  const send = async (client: Client, productId: number) => {
    const body = JSON.stringify({ productId, event: 'click', clickId: newClickId(), pagePath: '/products', network: null });
    const started = performance.now();
    try {
      const response = await client.request({
        path: '/api/track',
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER, 'sec-fetch-site': 'same-origin' },
        body,
      });
      await response.body.dump();
      sent.latencies.push(performance.now() - started);
      sent.statuses.set(response.statusCode, (sent.statuses.get(response.statusCode) ?? 0) + 1);
      if (response.statusCode !== 204) sent.errors++;
    } catch {
      sent.errors++;
    }
  };
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, slot) => {
      for (let address = slot; address < addresses; address += CONCURRENCY) {
        const client = new Client(origin, { localAddress: loopback(block, address) });
        try {
          const count = Math.min(PER_ADDRESS, total - address * PER_ADDRESS);
          for (let n = 0; n < count; n++) await send(client, productIds[(address * PER_ADDRESS + n) % productIds.length]!);
        } finally {
          await client.close();
        }
      }
    }),
  );
  return sent;
}

if (parentPort && workerData) {
  const order = workerData as LoadOrder;
  const sent = await fire(order.baseUrl, order.productIds, order.total, order.block);
  parentPort.postMessage(sent);
}
