/**
 * The editorial review through POST /api/admin/products and PUT /api/admin/products/:id over HTTP against a real libSQL
 * file: stored normalized, refused with a 422 naming the broken rule (nothing half-written), an empty review stored as
 * null, a reviewer who is not an author refused, a save that leaves the review out keeps it, and only admins may write.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { authors, products } from '../../db/schema.ts';
import { productTexts } from '../../src/domain/admin/product-form.ts';
import { reviewTexts } from '../../src/domain/editorial/review.ts';
import { expectAdminOnly, signedInAs } from '../helpers/admin-api.ts';
import { startLocalApi, type Browser, type LocalApi } from '../helpers/local-api.ts';

let api: LocalApi;
let admin: Browser;
let authorId: number;

const url = 'https://www.amazon.com/dp/B08N5WRWNW';
const db = <T>(work: (d: Db) => Promise<T>) => api.temp.database.run(work);
const storedReviewOf = async (id: number) => (await db((d) => d.select({ review: products.review }).from(products).where(eq(products.id, id)).get()))?.review;
const create = (json: unknown) => admin.fetch('/api/admin/products', { method: 'POST', json });
const update = (id: number, json: unknown) => admin.fetch(`/api/admin/products/${id}`, { method: 'PUT', json });

const review = () => ({
  verdict: ' Quiet, strong and light: the pick for most people. ',
  pros: ['Quiet at full power', '', 'Light'],
  cons: ['Short battery life'],
  bestFor: 'Runners',
  skipIf: 'You want heat',
  score: '8.5',
  award: 'best overall',
  reviewerId: String(authorId),
  testedOn: '2026-03-01',
  updatedOn: '2026-10-12',
});

async function createdId(json: Record<string, unknown>): Promise<number> {
  const response = await create(json);
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
  return (await response.json()).product.id;
}

beforeAll(async () => {
  api = await startLocalApi();
  admin = await signedInAs(api, 'admin');
  authorId = (await db((d) => d.insert(authors).values({ slug: 'maya-chen', name: 'Maya Chen', role: 'Senior editor' }).returning().get())).id;
});
afterAll(() => api.close());

describe('a product review through the product endpoints', () => {
  it('is stored normalized on create and answered back', async () => {
    const response = await create({ name: 'Reviewed Gun', affiliateUrl: url, review: review() });
    expect(response.status).toBe(201);
    const { product } = await response.json();
    const expected = {
      verdict: 'Quiet, strong and light: the pick for most people.',
      pros: ['Quiet at full power', 'Light'],
      cons: ['Short battery life'],
      bestFor: 'Runners',
      skipIf: 'You want heat',
      score: 8.5,
      award: 'Best Overall',
      reviewerId: authorId,
      testedOn: '2026-03-01',
      updatedOn: '2026-10-12',
    };
    expect(product.review).toEqual(expected);
    expect(await storedReviewOf(product.id)).toEqual(expected);
    const read = await (await admin.fetch(`/api/admin/products/${product.id}`)).json();
    expect(read.product.review).toEqual(expected);
  });

  it('is none when left out, null or empty', async () => {
    expect(await storedReviewOf(await createdId({ name: 'No Review', affiliateUrl: url }))).toBeNull();
    expect(await storedReviewOf(await createdId({ name: 'Null Review', affiliateUrl: url, review: null }))).toBeNull();
    const blank = { verdict: ' ', pros: [''], cons: [''], bestFor: '', skipIf: '', score: '', award: '', reviewerId: '', testedOn: '', updatedOn: '' };
    expect(await storedReviewOf(await createdId({ name: 'Blank Review', affiliateUrl: url, review: blank }))).toBeNull();
  });

  it('is refused with a 422 naming the broken rule, and nothing is written', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ score: '8.3' }, reviewTexts.score],
      [{ score: 11 }, reviewTexts.score],
      [{ verdict: 'x'.repeat(301) }, reviewTexts.verdict],
      [{ pros: Array.from({ length: 9 }, (_, i) => `Pro ${i}`) }, reviewTexts.prosTooMany],
      [{ cons: ['x'.repeat(141)] }, reviewTexts.conTooLong],
      [{ award: 'An award label far longer than thirty' }, reviewTexts.award],
      [{ testedOn: '2026-02-30' }, reviewTexts.testedOn],
      [{ reviewerId: 'maya' }, reviewTexts.reviewer],
      [{ reviewerId: authorId + 1000 }, reviewTexts.reviewerMissing],
    ];
    const before = (await db((d) => d.select({ id: products.id }).from(products))).length;
    for (const [fields, message] of cases) {
      const response = await create({ name: 'Bad Review', affiliateUrl: url, review: { ...review(), ...fields } });
      expect(response.status, message).toBe(422);
      expect(await response.json()).toEqual({ error: { title: productTexts.createFailed, description: message } });
    }
    const notObject = await create({ name: 'Bad Review', affiliateUrl: url, review: 'Great!' });
    expect(notObject.status).toBe(422);
    expect((await notObject.json()).error.description).toBe(reviewTexts.notAnObject);
    expect((await db((d) => d.select({ id: products.id }).from(products))).length).toBe(before);
  });

  it('is replaced, kept or removed by an update, never half-written', async () => {
    const id = await createdId({ name: 'Updated Gun', affiliateUrl: url, review: review() });
    const changed = await update(id, { name: 'Updated Gun', affiliateUrl: url, review: { ...review(), score: 6, award: 'Best for Travel' } });
    expect(changed.status).toBe(200);
    expect(await storedReviewOf(id)).toMatchObject({ score: 6, award: 'Best for Travel' });

    const refused = await update(id, { name: 'Renamed Gun', affiliateUrl: url, review: { ...review(), score: 0 } });
    expect(refused.status).toBe(422);
    expect((await refused.json()).error).toEqual({ title: productTexts.updateFailed, description: reviewTexts.score });
    const row = await db((d) => d.select().from(products).where(eq(products.id, id)).get());
    expect(row?.name).toBe('Updated Gun');
    expect(row?.review).toMatchObject({ score: 6 });

    // A client that does not edit reviews (it leaves the field out) keeps the stored one.
    expect((await update(id, { name: 'Updated Gun', affiliateUrl: url, price: 99 })).status).toBe(200);
    expect(await storedReviewOf(id)).toMatchObject({ score: 6, award: 'Best for Travel' });

    expect((await update(id, { name: 'Updated Gun', affiliateUrl: url, review: null })).status).toBe(200);
    expect(await storedReviewOf(id)).toBeNull();
  });

  it('is written by admins only', async () => {
    const id = await createdId({ name: 'Guarded Review', affiliateUrl: url });
    await expectAdminOnly(api, { method: 'PUT', path: `/api/admin/products/${id}`, json: { name: 'Guarded Review', affiliateUrl: url, review: review() } });
    await expectAdminOnly(api, { method: 'POST', path: '/api/admin/products', json: { name: 'X', affiliateUrl: url, review: review() } });
    expect(await storedReviewOf(id)).toBeNull();
  });
});
