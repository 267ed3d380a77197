/**
 * Slugs when writers do not share a queue (issue 10, point 4): on Netlify each function instance has its own client,
 * so two creates of one name can read the same free slug. Two Database handles on one file stand in for two
 * instances; the unique index and the retry must give every product its own slug, with no failure.
 */
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { productInputSchema } from '../../src/domain/admin/product-form.ts';
import { isSlugConflict } from '../../src/server/admin/product-slugs.ts';
import { createProduct } from '../../src/server/admin/product-writes.ts';
import { createUser } from '../../src/server/accounts.ts';
import { createTempDatabase, type TempDatabase } from '../helpers/temp-db.ts';

let temp: TempDatabase;
let other: Database;
let actor: { id: string; email: string };

beforeAll(async () => {
  temp = await createTempDatabase();
  other = new Database({ url: temp.url });
  const user = await createUser(temp.database, { email: 'race-admin@example.com', password: 'race admin password', role: 'admin' });
  actor = { id: user!.id, email: user!.email };
});
afterAll(() => {
  other.close();
  temp.cleanup();
});

describe('product slugs under concurrent writers', () => {
  it('recognises the unique-index failure of products.slug', async () => {
    const input = productInputSchema.parse({ name: 'Conflict Probe', affiliateUrl: 'https://shop.example.com/probe' });
    const first = await createProduct(temp.database, actor, input);
    const error = await temp.database
      .run((db) => db.insert(products).values({ name: 'Copy', slug: first.slug, affiliateUrl: input.affiliateUrl }))
      .catch((caught: unknown) => caught);
    expect(isSlugConflict(error)).toBe(true);
    expect(isSlugConflict(new Error('UNIQUE constraint failed: users.email'))).toBe(false);
  });

  it('gives 20 creates of one name from two writers 20 slugs', async () => {
    const input = productInputSchema.parse({ name: 'Race Rower', affiliateUrl: 'https://shop.example.com/rower' });
    const writes = Array.from({ length: 20 }, (_, i) => createProduct(i % 2 === 0 ? temp.database : other, actor, input));
    const created = await Promise.all(writes);
    const slugs = new Set(created.map((product) => product.slug));
    expect(slugs.size).toBe(20);
    expect(slugs.has('race-rower')).toBe(true);
    const stored = await temp.database.run((db) => db.select({ slug: products.slug }).from(products).where(like(products.slug, 'race-rower%')));
    expect(stored).toHaveLength(20);
  });
});
