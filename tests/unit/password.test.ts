import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, verifyPassword } from '../../src/server/password.ts';

describe('password hashing', () => {
  it('hashes with argon2id at m=19456, t=2, p=1', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('s3cret-Passw0rd');
    expect(await verifyPassword(hash, 's3cret-Passw0rd')).toBe(true);
    expect(await verifyPassword(hash, 's3cret-passw0rd')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('answers false, not an error, for a malformed hash', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });
});

describe('generated passwords', () => {
  it('are 20 URL-safe characters by default and differ each time', () => {
    const first = generatePassword();
    expect(first).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(generatePassword()).not.toBe(first);
    expect(generatePassword(32)).toHaveLength(32);
  });
});
