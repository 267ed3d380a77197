/**
 * The admin account a demo seed creates: the password hashed here, on the server side, so the seed
 * itself (db/seed) stays free of server code and only stores what it is given.
 */
import { normalizeEmail } from '../domain/user.ts';
import { generatePassword, hashPassword } from './password.ts';

export interface SeedAdminAccount {
  email: string;
  passwordHash: string;
  /** Set when no password was given: print it once, and only if the seed created the account. */
  generatedPassword?: string;
}

export async function seedAdminAccount(wanted: { email: string; password?: string | undefined }): Promise<SeedAdminAccount> {
  const generatedPassword = wanted.password ? undefined : generatePassword(20);
  const passwordHash = await hashPassword(wanted.password ?? (generatedPassword as string));
  return { email: normalizeEmail(wanted.email), passwordHash, ...(generatedPassword ? { generatedPassword } : {}) };
}
