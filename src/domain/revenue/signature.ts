/**
 * Postback authentication (issue 14, point 3). Most networks sign nothing (Impact, Awin), so the secret is in the
 * URL: /api/conversions/{network}/{token}. The token is 32 random bytes, stored only as its SHA-256 (a leaked
 * database does not leak a working URL) and compared in constant time, as sessions do (src/server/session.ts).
 * Where a network is set up to sign, an HMAC-SHA256 over the canonical parameter string is checked as well.
 *
 * @oslojs/crypto (already used for sessions) is synchronous and pure JavaScript, so the same code runs in Node, in
 * Netlify functions and in a browser; Web Crypto would make every check async for no gain here.
 */
import { hmac } from '@oslojs/crypto/hmac';
import { SHA256, sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeHex, encodeBase64urlNoPadding, encodeHexLowerCase } from '@oslojs/encoding';

const encoder = new TextEncoder();

/** 32 random bytes as unpadded base64url: 43 characters, safe as a URL path segment. */
export function newPostbackToken(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return encodeBase64urlNoPadding(bytes);
}

export const POSTBACK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** What is stored for a token: SHA-256 of its text, lower-case hex (64 characters). */
export function hashPostbackToken(token: string): string {
  return encodeHexLowerCase(sha256(encoder.encode(token)));
}

function hexBytes(hex: string, length: number): Uint8Array | null {
  if (hex.length !== length * 2 || !/^[0-9a-fA-F]+$/.test(hex)) return null;
  return decodeHex(hex.toLowerCase());
}

/**
 * True when `presented` is the token whose hash is `storedHash`. The presented token is hashed first, so the
 * comparison is over two 32-byte digests and takes the same time whatever the token's length or content.
 */
export function postbackTokenMatches(presented: string, storedHash: string): boolean {
  const stored = hexBytes(storedHash, 32);
  if (!stored) return false;
  return constantTimeEqual(sha256(encoder.encode(presented)), stored);
}

/** RFC 3986 percent-encoding: only unreserved characters (A-Z a-z 0-9 - . _ ~) stay as they are. */
export function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The string a signature covers: every parameter except the signature itself, each name and value RFC 3986
 * encoded, sorted by encoded name and then value (byte order: the encoded text is ASCII), joined as
 * `name=value&name=value`. Sorting the encoded pairs makes the order of a query string or JSON body irrelevant.
 */
export function canonicalParameters(parameters: Iterable<readonly [string, string]>, signatureName = 'signature'): string {
  const pairs: [string, string][] = [];
  for (const [name, value] of parameters) {
    if (name === signatureName) continue;
    pairs.push([rfc3986(name), rfc3986(value)]);
  }
  pairs.sort(([nameA, valueA], [nameB, valueB]) => (nameA < nameB ? -1 : nameA > nameB ? 1 : valueA < valueB ? -1 : valueA > valueB ? 1 : 0));
  return pairs.map(([name, value]) => `${name}=${value}`).join('&');
}

/** HMAC-SHA256 of `message` under `secret` (both UTF-8), lower-case hex. */
export function hmacSha256Hex(secret: string, message: string): string {
  return encodeHexLowerCase(hmac(SHA256, encoder.encode(secret), encoder.encode(message)));
}

export function signParameters(secret: string, parameters: Iterable<readonly [string, string]>, signatureName = 'signature'): string {
  return hmacSha256Hex(secret, canonicalParameters(parameters, signatureName));
}

/** True when `presented` (hex, any case) is the HMAC-SHA256 of the parameters; compared in constant time. */
export function signatureMatches(
  secret: string,
  parameters: Iterable<readonly [string, string]>,
  presented: string | null | undefined,
  signatureName = 'signature',
): boolean {
  const given = presented ? hexBytes(presented.trim(), 32) : null;
  if (!given) return false;
  const expected = hmac(SHA256, encoder.encode(secret), encoder.encode(canonicalParameters(parameters, signatureName)));
  return constantTimeEqual(expected, given);
}
