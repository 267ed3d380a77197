import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { count, eq, isNull } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { affiliateLinks, blogPosts, categories, clicks, conversions, productAnalytics, products, settings, users } from '../../db/schema.ts';
import { categorySlugs, clearDemoContent, isDatabaseEmpty, seedDemoContent } from '../../db/seed/index.ts';
import { verifyPassword } from '../../src/server/password.ts';
import { seedAdminAccount } from '../../src/server/seed-admin.ts';
import { createTempDatabase, type TempDatabase } from '../helpers/temp-db.ts';

const run = promisify(execFile);
let temp: TempDatabase | undefined;

afterEach(() => {
  temp?.cleanup();
  temp = undefined;
});

async function fresh(): Promise<TempDatabase> {
  temp = await createTempDatabase('repwell-seed-');
  return temp;
}

describe('seedDemoContent', () => {
  it('fills an empty database with the catalogue, blog, hero and an admin with a generated password', async () => {
    const { database } = await fresh();
    expect(await isDatabaseEmpty(database)).toBe(true);

    const account = await seedAdminAccount({ email: '  Owner@Example.COM ' });
    const result = await seedDemoContent(database, { admin: account });

    expect(result.counts).toMatchObject({ categories: 12, products: 640, posts: 17 });
    // The history is events and conversions, at the scale of a small live site.
    expect(result.counts.events).toBeGreaterThan(50_000);
    expect(result.counts.conversions).toBeGreaterThan(100);
    expect(result.admin).toEqual({ email: 'owner@example.com', created: true });
    expect(account.generatedPassword).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(await isDatabaseEmpty(database)).toBe(false);

    await database.run(async (db) => {
      const [admin] = await db.select().from(users);
      expect(admin).toMatchObject({ email: 'owner@example.com', role: 'admin', displayName: 'Admin' });
      expect(admin?.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await verifyPassword(admin?.passwordHash ?? '', account.generatedPassword ?? '')).toBe(true);

      expect((await db.select({ n: count() }).from(products))[0]?.n).toBe(640);
      const linked = await db
        .select({ n: count() })
        .from(products)
        .innerJoin(affiliateLinks, eq(products.affiliateLinkId, affiliateLinks.id))
        .where(eq(affiliateLinks.originalUrl, products.affiliateUrl));
      expect(linked[0]?.n).toBe(640);
      expect((await db.select({ n: count() }).from(affiliateLinks).where(eq(affiliateLinks.userId, admin?.id ?? '')))[0]?.n).toBe(640);
      // The virtual column reads attributes.is_featured, so Top Picks has rows to show.
      expect((await db.select({ n: count() }).from(products).where(eq(products.isFeatured, true)))[0]?.n).toBeGreaterThan(50);

      const navigation = await db.select().from(categories);
      expect(navigation).toHaveLength(12);
      expect(navigation.find((category) => category.slug === 'uncategorized')?.showInNavigation).toBe(false);
      expect(navigation.filter((category) => category.showInNavigation)).toHaveLength(11);

      const [hero] = await db.select().from(settings).where(eq(settings.id, 'hero_image'));
      expect(hero?.value).toMatchObject({ type: 'image', url: '/images/hero.svg' });
      expect((hero?.value as { alt?: string }).alt).toBeTruthy();

      expect((await db.select({ n: count() }).from(blogPosts).where(eq(blogPosts.published, true)))[0]?.n).toBeGreaterThanOrEqual(12);
      expect((await db.select({ n: count() }).from(blogPosts).where(isNull(blogPosts.publishedAt)))[0]?.n).toBeGreaterThanOrEqual(1);
    });
  });

  it('uses the given admin password, and on a re-seed keeps the existing account', async () => {
    const { database } = await fresh();
    const given = await seedAdminAccount({ email: 'admin@repwell.local', password: 'a-long-given-password' });
    expect(given.generatedPassword).toBeUndefined();
    const first = await seedDemoContent(database, { productCount: 20, admin: given });
    expect(first.admin).toEqual({ email: 'admin@repwell.local', created: true });

    await clearDemoContent(database);
    expect(await isDatabaseEmpty(database)).toBe(false); // the user stays
    const second = await seedDemoContent(database, { productCount: 30, admin: await seedAdminAccount({ email: 'ADMIN@repwell.local' }) });
    expect(second.admin).toEqual({ email: 'admin@repwell.local', created: false });

    await database.run(async (db) => {
      const all = await db.select().from(users);
      expect(all).toHaveLength(1);
      expect(await verifyPassword(all[0]?.passwordHash ?? '', 'a-long-given-password')).toBe(true);
      expect((await db.select({ n: count() }).from(products))[0]?.n).toBe(30);
      // Demo product i is id i + 1 after a re-seed too: the guides reference demo products by id (content/guides).
      const seededIds = (await db.select({ id: products.id }).from(products)).map((row) => row.id).sort((a, b) => a - b);
      expect(seededIds).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
      expect((await db.select({ n: count() }).from(categories))[0]?.n).toBe(12);
    });
  });

  it('seeds without an admin when none is asked for', async () => {
    const { database } = await fresh();
    const result = await seedDemoContent(database, { productCount: 10 });
    expect(result.admin).toBeUndefined();
    await database.run(async (db) => expect(await db.select().from(users)).toHaveLength(0));
  });
});

describe('npm run seed (scripts/seed.ts)', () => {
  it('seeds once, prints the generated password once, and refuses to seed again without --force', async () => {
    const { url } = await fresh();
    const cli = join(import.meta.dirname, '../../scripts/seed.ts');
    const environment = { ...process.env, DATABASE_URL: url, ADMIN_EMAIL: 'cli@repwell.local', ADMIN_PASSWORD: '' };

    const first = await run(process.execPath, [cli, '--products', '25'], { env: environment });
    expect(first.stdout).toContain('Seeded 12 categories, 25 products, 14 blog posts');
    expect(first.stdout).toMatch(/Admin account: cli@repwell\.local {2}password: [A-Za-z0-9_-]{20}/);

    const second = await run(process.execPath, [cli], { env: environment });
    expect(second.stdout).toContain('nothing seeded');
    expect(second.stdout).not.toContain('password');

    const forced = await run(process.execPath, [cli, '--force', '--products', '40'], { env: environment });
    expect(forced.stdout).toContain('40 products');
    expect(forced.stdout).not.toContain('password:');
  });

  it('--empty starts a real site: the categories and hero the pages need, no demo products, posts or statistics', async () => {
    const { url, database } = await fresh();
    const cli = join(import.meta.dirname, '../../scripts/seed.ts');
    const environment = { ...process.env, DATABASE_URL: url, ADMIN_EMAIL: 'owner@repwell.local', ADMIN_PASSWORD: '' };

    const seeded = await run(process.execPath, [cli, '--empty'], { env: environment });
    expect(seeded.stdout).toContain('Seeded 12 categories, 0 products, 0 blog posts, 0 tracked events and 0 conversions');
    expect(seeded.stdout).toMatch(/Admin account: owner@repwell\.local {2}password: /);

    await database.run(async (db) => {
      for (const table of [products, blogPosts, affiliateLinks, productAnalytics, conversions, clicks]) {
        expect((await db.select({ n: count() }).from(table))[0]?.n).toBe(0);
      }
      // Every category the header, footer and catalogue links name, with 'uncategorized' as the default.
      const slugs = (await db.select({ slug: categories.slug }).from(categories)).map((row) => row.slug);
      expect(slugs.sort()).toEqual([...categorySlugs].sort());
      expect(slugs).toContain('uncategorized');
      expect(await db.select().from(settings).where(eq(settings.id, 'hero_image'))).toHaveLength(1);
      expect(await db.select({ role: users.role }).from(users)).toEqual([{ role: 'admin' }]);
    });

    // Not empty any more (it has categories and an admin): a second run changes nothing.
    const again = await run(process.execPath, [cli], { env: environment });
    expect(again.stdout).toContain('nothing seeded');
  });
});
