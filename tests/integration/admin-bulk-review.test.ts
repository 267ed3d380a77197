/**
 * The bulk award and reviewer actions over HTTP against a real libSQL file: they set one field of each selected
 * product's review and keep the rest, give a product without a review one holding only that field, remove a review
 * left empty, refuse bad input with a 422 and nothing changed, are admin only, and Undo puts every prior value back
 * (refused, changing nothing, when a later edit changed the same field).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { authors, products } from '../../db/schema.ts';
import { bulkTexts, type BulkResult } from '../../src/domain/admin/product-bulk.ts';
import { reviewTexts } from '../../src/domain/editorial/review.ts';
import { expectAdminOnly, signedInAs } from '../helpers/admin-api.ts';
import { startLocalApi, type Browser, type LocalApi } from '../helpers/local-api.ts';

let api: LocalApi;
let admin: Browser;
let mayaId: number;
let priyaId: number;
let ids: number[];

const db = <T>(work: (d: Db) => Promise<T>) => api.temp.database.run(work);
const bulk = (json: unknown) => admin.fetch('/api/admin/products/bulk', { method: 'POST', json });
const reviews = async () =>
  (await db((d) => d.select({ id: products.id, review: products.review }).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)))).map((row) => row.review);

async function bulkOk(json: unknown): Promise<BulkResult> {
  const response = await bulk(json);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as BulkResult;
}

const fullReview = (reviewerId: number | null) => ({
  verdict: 'Solid.',
  pros: ['Quiet'],
  cons: [],
  bestFor: '',
  skipIf: '',
  score: 8,
  award: 'Best Budget',
  reviewerId,
  testedOn: null,
  updatedOn: '2026-10-01',
});

beforeAll(async () => {
  api = await startLocalApi();
  admin = await signedInAs(api, 'admin');
  const people = await db((d) =>
    d
      .insert(authors)
      .values([
        { slug: 'maya-chen', name: 'Maya Chen' },
        { slug: 'priya-nair', name: 'Priya Nair' },
      ])
      .returning(),
  );
  mayaId = people[0]!.id;
  priyaId = people[1]!.id;
  ids = [];
  for (const [index, review] of [fullReview(mayaId), null, { ...fullReview(null), verdict: '', pros: [], score: null, updatedOn: null }].entries()) {
    const response = await admin.fetch('/api/admin/products', { method: 'POST', json: { name: `Bulk Review ${index}`, affiliateUrl: `https://shop.example.com/bulk/${index}`, review } });
    expect(response.status).toBe(201);
    ids.push((await response.json()).product.id);
  }
});
afterAll(() => api.close());

describe('the bulk review actions', () => {
  it('give an award, keeping the rest of each review, and undo it exactly', async () => {
    const before = await reviews();
    const result = await bulkOk({ action: 'award', award: 'best upgrade', ids });
    expect(result).toMatchObject({ changed: 3, title: 'Gave 3 products the award Best Upgrade' });
    const after = await reviews();
    expect(after[0]).toEqual({ ...fullReview(mayaId), award: 'Best Upgrade' });
    expect(after[1]).toEqual({ verdict: '', pros: [], cons: [], bestFor: '', skipIf: '', score: null, award: 'Best Upgrade', reviewerId: null, testedOn: null, updatedOn: null });
    const undone = await admin.fetch(`/api/admin/undo/${result.undoJobId}`, { method: 'POST', json: {} });
    expect(undone.status).toBe(200);
    expect(await reviews()).toEqual(before);
  });

  it('remove an award, a review left empty becoming none', async () => {
    const result = await bulkOk({ action: 'award', award: '', ids });
    expect(result).toMatchObject({ changed: 2, unchanged: 1 });
    const after = await reviews();
    expect(after[0]).toMatchObject({ award: '', verdict: 'Solid.' });
    expect(after[1]).toBeNull();
    expect(after[2]).toBeNull();
    await admin.fetch(`/api/admin/undo/${result.undoJobId}`, { method: 'POST', json: {} });
    expect((await reviews()).map((review) => review?.award ?? null)).toEqual(['Best Budget', null, 'Best Budget']);
  });

  it('set or remove the reviewer, and refuse an undo after a later edit of the same field', async () => {
    const result = await bulkOk({ action: 'reviewer', reviewerId: priyaId, ids });
    expect(result).toMatchObject({ changed: 3, title: 'Set the reviewer of 3 products to Priya Nair' });
    expect((await reviews()).map((review) => review?.reviewerId)).toEqual([priyaId, priyaId, priyaId]);
    const later = await bulkOk({ action: 'reviewer', reviewerId: null, ids: [ids[0]!] });
    expect(later.changed).toBe(1);
    const snapshot = await reviews();
    const refused = await admin.fetch(`/api/admin/undo/${result.undoJobId}`, { method: 'POST', json: {} });
    expect(refused.status).toBe(409);
    expect(await reviews()).toEqual(snapshot);
  });

  it('refuse bad input with a 422 and change nothing', async () => {
    const before = await reviews();
    const cases: [unknown, string][] = [
      [{ action: 'award', ids }, bulkTexts.awardRequired],
      [{ action: 'award', award: 'x'.repeat(31), ids }, reviewTexts.award],
      [{ action: 'reviewer', ids }, bulkTexts.reviewerRequired],
      [{ action: 'reviewer', reviewerId: 'maya', ids }, bulkTexts.reviewerInvalid],
      [{ action: 'reviewer', reviewerId: priyaId + 100, ids }, bulkTexts.reviewerNotFound],
      [{ action: 'publish', award: 'Best Overall', ids }, bulkTexts.reviewOptionUnexpected],
    ];
    for (const [json, message] of cases) {
      const response = await bulk(json);
      expect(response.status, message).toBe(422);
      expect((await response.json()).error.description).toBe(message);
    }
    expect(await reviews()).toEqual(before);
  });

  it('are admin only', async () => {
    const before = await reviews();
    await expectAdminOnly(api, { method: 'POST', path: '/api/admin/products/bulk', json: { action: 'award', award: 'Best Overall', ids } });
    expect(await reviews()).toEqual(before);
    expect(await db((d) => d.select({ id: products.id }).from(products).where(eq(products.id, ids[0]!)))).toHaveLength(1);
  });
});
