/**
 * Keys the server signs and hashes with. Each purpose gets its own key, derived with HMAC-SHA256
 * from one root: AUTH_SECRET when it is configured, else 32 random bytes the first process stores in
 * server_secrets (every later process and function instance reads the same row). Nothing is hard-coded,
 * and rotating the root (setting or changing AUTH_SECRET) invalidates every device cookie at once.
 */
import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { serverSecrets } from '../../db/schema.ts';
import { clientAddressGroup } from '../domain/client-address.ts';
import { env } from './env.ts';

const ROOT_ID = 'root';

let root: Promise<string> | undefined;

async function storedRoot(database: Database): Promise<string> {
  return database.run(async (db) => {
    // Concurrent first requests may each propose a root: the first one stored wins.
    await db.insert(serverSecrets).values({ id: ROOT_ID, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
    const row = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.id, ROOT_ID)).get();
    if (!row) throw new Error('server secret missing after insert');
    return row.value;
  });
}

/** The key for one purpose (e.g. 'device-cookie'), 32 bytes. */
export async function serverKey(database: Database, purpose: string): Promise<Buffer> {
  const configured = env().AUTH_SECRET;
  root ??= configured ? Promise.resolve(configured) : storedRoot(database);
  let value: string;
  try {
    value = await root;
  } catch (error) {
    root = undefined;
    throw error;
  }
  return createHmac('sha256', value).update(`repwell:${purpose}`).digest();
}

/** The client-address key as a KeyObject, per root: every tracked beacon hashes its address with it. */
let addressKey: { root: Promise<string>; key: Promise<KeyObject> } | undefined;

/**
 * A keyed, one-way name for a client's network address: it cannot be reversed by hashing all of IPv4. It names the
 * address's client block (clientAddressGroup: IPv4-mapped spellings as IPv4, IPv6 by its /64), so a limit keyed by it
 * cannot be dodged by respelling an address or hopping within one's own /64.
 */
export async function clientKey(database: Database, address: string): Promise<string> {
  // Derived once, not per call: deriving it and importing it as a key were most of the cost of hashing an address.
  if (!addressKey || addressKey.root !== root) {
    const key = serverKey(database, 'client-address').then((bytes) => createSecretKey(bytes));
    addressKey = { root: root!, key };
    key.catch(() => {
      if (addressKey?.key === key) addressKey = undefined;
    });
  }
  return createHmac('sha256', await addressKey.key).update(clientAddressGroup(address)).digest('base64url').slice(0, 32);
}

/** For tests: forget the cached root, as a new process would. */
export function resetServerSecretCache(): void {
  root = undefined;
  addressKey = undefined;
}
