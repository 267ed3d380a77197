/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): after a successful
 * sign-in the browser gets `device=<nonce>.<HMAC(key, email, nonce)>`. A sign-in that presents a valid
 * one for the e-mail it tries is counted under its own throttle key, so the owner's browser keeps its
 * tries while strangers' guesses lock only the account's unknown clients. The cookie carries no e-mail
 * and grants nothing by itself: it only chooses which counter a try is charged to.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { readCookie } from './http.ts';
import { serverKey } from './secrets.ts';
import { secureFor } from './session.ts';

export const DEVICE_COOKIE = 'device';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const NONCE = /^[A-Za-z0-9_-]{22}$/;

async function signature(database: Database, email: string, nonce: string): Promise<Buffer> {
  return createHmac('sha256', await serverKey(database, 'device-cookie')).update(`${email}\0${nonce}`).digest();
}

/** A fresh cookie value for a browser that just signed in as `email` (normalised). */
export async function issueDeviceToken(database: Database, email: string): Promise<string> {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${(await signature(database, email, nonce)).toString('base64url')}`;
}

/** The request's device cookie, unchecked (see deviceNonce). */
export function readDeviceToken(request: Request): string | undefined {
  return readCookie(request, DEVICE_COOKIE);
}

/** The nonce of a device token when it was issued for `email`; else undefined. */
export async function deviceNonce(database: Database, token: string | undefined, email: string): Promise<string | undefined> {
  const [nonce, mac, extra] = token?.split('.') ?? [];
  if (!nonce || !mac || extra !== undefined || !NONCE.test(nonce)) return undefined;
  const expected = await signature(database, email, nonce);
  const given = Buffer.from(mac, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : undefined;
}

/** Sent only to the auth endpoints, never readable by scripts. */
export function deviceCookie(token: string, requestUrl: string): string {
  const attributes = [`${DEVICE_COOKIE}=${token}`, 'HttpOnly', 'SameSite=Strict', 'Path=/api/auth', `Max-Age=${MAX_AGE_SECONDS}`];
  if (secureFor(requestUrl)) attributes.push('Secure');
  return attributes.join('; ');
}
