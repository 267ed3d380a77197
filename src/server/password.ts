/**
 * Password hashing: argon2id with the OWASP minimum (m=19456 KiB, t=2, p=1),
 * as ARCHITECTURE section 7 fixes it. Hashes are PHC strings, so the parameters
 * travel with each hash and can be raised later without breaking old ones.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm is an ambient const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID: Algorithm = 2;

const options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, options);
}

let verifications = 0;

/**
 * How many argon2 verifications this process has run: the real cost an attacker can make the server
 * pay, which the throttling tests count (a count of database rows would only show what was recorded).
 */
export function passwordVerificationCount(): number {
  return verifications;
}

/** False for a wrong password and for a hash that cannot be parsed. */
export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  verifications++;
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false;
  }
}

const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A random password of URL-safe characters (64 symbols, so `byte & 63` is unbiased: 6 bits each). */
export function generatePassword(length = 20): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => URL_SAFE[byte & 63]).join('');
}

let commonPasswords: Promise<Set<string>> | undefined;

/**
 * True when the password (ignoring case) is on zxcvbn-ts's list of the most common passwords. The list
 * (about 49,000 words) is loaded on first use and only on the server: the schemas in src/domain/auth.ts
 * reach the browser, this module does not.
 */
export async function isCommonPassword(plain: string): Promise<boolean> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common'].map((word) => word.toLowerCase())));
  return (await commonPasswords).has(plain.toLowerCase());
}
