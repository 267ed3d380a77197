/**
 * Add by link when the database refuses a write (issue 11, point 1's reasons): the service answers the spec's
 * 'Failed to create affiliate link: …' or 'Failed to create product: …' (500, no driver internals), and a refused
 * product leaves the link row on record. The refusals are real SQLite errors, raised by triggers on a real file.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { affiliateLinks, products } from '../../db/schema.ts';
import { createUser } from '../../src/server/accounts.ts';
import { addProductFromLink, FromLinkError } from '../../src/server/admin/from-link.ts';
import type { AuditActor } from '../../src/server/admin/audit.ts';
import { startScrapeFixtures, type ScrapeFixtures } from '../helpers/scrape-fixtures.ts';
import { createTempDatabase, type TempDatabase } from '../helpers/temp-db.ts';

let temp: TempDatabase;
let shop: ScrapeFixtures;
let actor: AuditActor;

const refuse = (table: string) =>
  temp.database.run((db) => db.run(sql.raw(`create trigger refuse_${table} before insert on ${table} begin select raise(abort, 'refused by test'); end`)));
const allow = (table: string) => temp.database.run((db) => db.run(sql.raw(`drop trigger if exists refuse_${table}`)));
const countOf = async (table: typeof products | typeof affiliateLinks) => (await temp.database.run((db) => db.select().from(table))).length;

async function failure(url: string): Promise<FromLinkError> {
  const error: unknown = await addProductFromLink(temp.database, actor, url, { allowedHosts: [shop.hostPort] }).then(
    () => new Error('the link was added'),
    (caught: unknown) => caught,
  );
  if (!(error instanceof FromLinkError)) throw error;
  return error;
}

beforeAll(async () => {
  temp = await createTempDatabase();
  shop = await startScrapeFixtures();
  const user = (await createUser(temp.database, { email: 'failures-admin@example.com', password: 'a long enough password', role: 'admin' }))!;
  actor = { id: user.id, email: user.email };
});
afterAll(async () => {
  await shop.close();
  temp.cleanup();
});
beforeEach(async () => {
  await allow('affiliate_links');
  await allow('products');
  // The service logs the driver's error for the operator; the test keeps the output quiet.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('addProductFromLink when the database refuses', () => {
  it("answers 'Failed to create affiliate link: …' and fetches nothing when the link cannot be stored", async () => {
    await refuse('affiliate_links');
    const before = shop.hits.get('/pages/jsonld-product.html') ?? 0;
    const error = await failure(`${shop.base}/pages/jsonld-product.html`);
    expect([error.status, error.title, error.description]).toEqual([
      500,
      'Error processing affiliate link',
      'Failed to create affiliate link: The database could not save it. Try again.',
    ]);
    expect(shop.hits.get('/pages/jsonld-product.html') ?? 0).toBe(before);
    expect(await countOf(affiliateLinks)).toBe(0);
  });

  it("answers 'Failed to create product: …' and keeps the link row when the product cannot be stored", async () => {
    await refuse('products');
    const error = await failure(`${shop.base}/pages/jsonld-product.html`);
    expect([error.status, error.description]).toEqual([500, 'Failed to create product: The database could not save it. Try again.']);
    expect(await countOf(products)).toBe(0);
    expect(await countOf(affiliateLinks)).toBe(1);
  });

  it('works again once the database accepts writes', async () => {
    const answer = await addProductFromLink(temp.database, actor, `${shop.base}/pages/jsonld-product.html`, { allowedHosts: [shop.hostPort] });
    expect(answer.scraped).toBe(true);
  });
});
