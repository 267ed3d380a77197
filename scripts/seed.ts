/**
 * `npm run seed [-- --force] [-- --products N] [-- --empty]`
 *
 * Applies migrations, then seeds demo content when the database is empty. With
 * --force it first deletes catalogue, blog and settings rows (users stay) and
 * seeds again. With --empty it seeds no demo products, posts or statistics: only
 * the categories and the hero setting the pages need, to start a real site.
 * A generated admin password is printed once, here and nowhere else.
 */
import { parseArgs } from 'node:util';
import { applyMigrations } from '../db/migrate.ts';
import { clearDemoContent, DEFAULT_PRODUCT_COUNT, isDatabaseEmpty, seedDemoContent } from '../db/seed/index.ts';
import { getDatabase } from '../src/server/db.ts';
import { env } from '../src/server/env.ts';
import { seedAdminAccount } from '../src/server/seed-admin.ts';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      force: { type: 'boolean', default: false },
      products: { type: 'string', default: String(DEFAULT_PRODUCT_COUNT) },
      empty: { type: 'boolean', default: false },
    },
  });
  const productCount = Number(values.products);
  if (!Number.isInteger(productCount) || productCount < 0) throw new Error(`--products must be a whole number, got "${values.products}"`);

  const database = getDatabase();
  try {
    await applyMigrations(database);
    if (!(await isDatabaseEmpty(database))) {
      if (!values.force) {
        console.log('The database already has content; nothing seeded. Run with --force to replace the demo content (users are kept).');
        return;
      }
      await clearDemoContent(database);
    }
    const admin = await seedAdminAccount({ email: env().ADMIN_EMAIL, password: env().ADMIN_PASSWORD });
    const started = performance.now();
    const result = await seedDemoContent(database, { productCount, admin, empty: values.empty });
    const { categories, products, posts, events, conversions } = result.counts;
    console.log(
      `Seeded ${categories} categories, ${products} products, ${posts} blog posts, ${events} tracked events and ${conversions} conversions in ${Math.round(performance.now() - started)} ms.`,
    );
    if (result.admin?.created && admin.generatedPassword) {
      console.log(`Admin account: ${result.admin.email}  password: ${admin.generatedPassword}`);
      console.log('This password is shown only once. Keep it somewhere safe.');
    } else if (result.admin) {
      console.log(`Admin account: ${result.admin.email}`);
    }
  } finally {
    database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
