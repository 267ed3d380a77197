/**
 * npm run admin -- --email E [--password P] [--name N]
 * Creates an admin account, or promotes an existing account to admin (and sets
 * its password when one is given). For operators; there is no sign-up for admins.
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { applyMigrations } from '../db/migrate.ts';
import { users } from '../db/schema.ts';
import { authMessages, signUpSchema } from '../src/domain/auth.ts';
import { normalizeEmail } from '../src/domain/user.ts';
import { createUser, findUserByEmail } from '../src/server/accounts.ts';
import { getDatabase } from '../src/server/db.ts';
import { hashPassword, isCommonPassword } from '../src/server/password.ts';
import { invalidateUserSessions } from '../src/server/session.ts';

const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } } });

function fail(message: string): never {
  console.error(message);
  console.error('Usage: npm run admin -- --email you@example.com [--password "at least 8 characters"] [--name "Display name"]');
  process.exit(1);
}

const email = values.email ? normalizeEmail(values.email) : fail('--email is required.');
// The admin's password meets the same rules as a shopper's, the common-password check included: it guards more.
if (values.password !== undefined) {
  const checked = signUpSchema.safeParse({ email, password: values.password });
  if (!checked.success) fail(checked.error.issues[0]?.message ?? authMessages.weakPassword);
  if (await isCommonPassword(values.password)) fail(authMessages.commonPassword);
}

const database = getDatabase();
await applyMigrations(database);
const existing = await findUserByEmail(database, email);

if (existing) {
  const passwordHash = values.password ? await hashPassword(values.password) : undefined;
  await database.run((db) =>
    db
      .update(users)
      .set({ role: 'admin', ...(passwordHash ? { passwordHash } : {}), ...(values.name ? { displayName: values.name } : {}) })
      .where(eq(users.id, existing.id)),
  );
  // A new role or password should not ride on sessions opened under the old one.
  await invalidateUserSessions(database, existing.id);
  console.log(`${email} is now an admin${passwordHash ? ' with the new password' : ''}.`);
} else {
  if (!values.password) fail('--password is required to create a new account.');
  await createUser(database, { email, password: values.password, displayName: values.name, role: 'admin' });
  console.log(`Created admin account ${email}.`);
}
database.close();
