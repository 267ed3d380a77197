/** A real admin session for the benches that time admin functions over HTTP. */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { createUser } from '../../src/server/accounts.ts';

/** Creates a fresh admin (`{prefix}-{uuid}@example.com`), signs in over HTTP and returns the Cookie header to send. */
export async function signInAdmin(database: Database, baseUrl: string, prefix: string): Promise<string> {
  const email = `${prefix}-${randomUUID()}@example.com`;
  const password = `bench admin ${randomUUID()}`;
  await createUser(database, { email, password, role: 'admin' });
  const response = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    // No Origin header: like curl, the bench is not a browser (the guard refuses only a foreign Origin).
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`admin sign-in for the bench answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}
