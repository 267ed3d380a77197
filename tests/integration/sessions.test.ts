import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema.ts';
import { createUser } from '../../src/server/accounts.ts';
import { createSession, validateSessionToken } from '../../src/server/session.ts';
import { createTempDatabase, type TempDatabase } from '../helpers/temp-db.ts';

const DAY = 86_400_000;
let temp: TempDatabase;
let userId: string;
let adminId: string;

beforeAll(async () => {
  temp = await createTempDatabase();
  userId = (await createUser(temp.database, { email: 'user@example.com', password: 'user password' }))!.id;
  adminId = (await createUser(temp.database, { email: 'admin@example.com', password: 'admin password', role: 'admin' }))!.id;
});
afterAll(() => temp.cleanup());

describe('session tokens', () => {
  it('validate with the right secret only', async () => {
    const { token } = await createSession(temp.database, { id: userId, role: 'user' });
    expect((await validateSessionToken(temp.database, token))?.user.email).toBe('user@example.com');
    const [id] = token.split('.');
    expect(await validateSessionToken(temp.database, `${id}.wrongsecretwrongsecret`)).toBeNull();
    expect(await validateSessionToken(temp.database, `${id}`)).toBeNull();
    expect(await validateSessionToken(temp.database, `${token}.extra`)).toBeNull();
  });

  it('slide forward when used after half the idle window, and end at the absolute limit', async () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const { token } = await createSession(temp.database, { id: userId, role: 'user' }, start);
    const used = await validateSessionToken(temp.database, token, new Date(start.getTime() + 20 * DAY));
    expect(used?.refreshed).toBe(true);
    expect(used?.expiresAt.getTime()).toBe(start.getTime() + 50 * DAY);
    // kept alive every few weeks, it still ends 90 days after sign-in
    for (const day of [45, 70, 89]) expect(await validateSessionToken(temp.database, token, new Date(start.getTime() + day * DAY))).not.toBeNull();
    expect(await validateSessionToken(temp.database, token, new Date(start.getTime() + 90 * DAY))).toBeNull();
    const [id] = token.split('.');
    expect(await temp.database.run((db) => db.select().from(sessions).where(eq(sessions.id, id!)).all())).toHaveLength(0);
  });

  it('end sooner for admins', async () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const { token } = await createSession(temp.database, { id: adminId, role: 'admin' }, start);
    expect(await validateSessionToken(temp.database, token, new Date(start.getTime() + 11 * 3_600_000))).not.toBeNull();
    expect(await validateSessionToken(temp.database, token, new Date(start.getTime() + 40 * 3_600_000))).toBeNull();
  });
});
