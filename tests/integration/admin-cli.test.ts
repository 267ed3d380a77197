import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, findUserByEmail, signIn } from '../../src/server/accounts.ts';
import { createTempDatabase, type TempDatabase } from '../helpers/temp-db.ts';

const run = promisify(execFile);
let temp: TempDatabase;
beforeAll(async () => (temp = await createTempDatabase()));
afterAll(() => temp.cleanup());

const admin = (...args: string[]) => run(process.execPath, ['scripts/admin.ts', ...args], { env: { ...process.env, DATABASE_URL: temp.url } });

describe('npm run admin', () => {
  it('creates an admin who can sign in', async () => {
    await admin('--email', 'Owner@Example.com', '--password', 'owner password');
    const user = await findUserByEmail(temp.database, 'owner@example.com');
    expect(user?.role).toBe('admin');
    expect(await signIn(temp.database, { email: 'owner@example.com', password: 'owner password' })).toMatchObject({ ok: true, user: { role: 'admin' } });
  });

  it('promotes an existing account', async () => {
    await createUser(temp.database, { email: 'plain@example.com', password: 'plain password' });
    await admin('--email', 'plain@example.com');
    expect((await findUserByEmail(temp.database, 'plain@example.com'))?.role).toBe('admin');
  });

  it('refuses to create an account without a password', async () => {
    await expect(admin('--email', 'nobody@example.com')).rejects.toMatchObject({ code: 1 });
    expect(await findUserByEmail(temp.database, 'nobody@example.com')).toBeUndefined();
  });

  it('refuses a common password, or one equal to the e-mail, and creates nothing', async () => {
    await expect(admin('--email', 'weak@example.com', '--password', 'password123')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('most common passwords') });
    await expect(admin('--email', 'same@example.com', '--password', 'same@example.com')).rejects.toMatchObject({ code: 1 });
    expect(await findUserByEmail(temp.database, 'weak@example.com')).toBeUndefined();
    expect(await findUserByEmail(temp.database, 'same@example.com')).toBeUndefined();
  });
});
