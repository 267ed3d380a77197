/**
 * Hostile CSV rows over HTTP (issue 11, points 5 and 6; found by a red-team pass against the running server): cells
 * a spreadsheet or an attacker can write that the row rules must answer as 'Row N: …' errors, never a 500 that loses
 * the whole batch.
 */
import { randomUUID } from 'node:crypto';
import { count, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.ts';
import { signedInAs } from '../helpers/admin-api.ts';
import { startLocalApi, type Browser, type LocalApi } from '../helpers/local-api.ts';

let api: LocalApi;
let admin: Browser;

beforeAll(async () => {
  api = await startLocalApi();
  admin = await signedInAs(api, 'admin');
});
afterAll(() => api.close());

const productCount = async () => (await api.temp.database.run((d) => d.select({ n: count() }).from(products).get()))!.n;

/** JSON nested `depth` arrays deep inside one key: valid JSON, and far under the 100,000-character cell limit. */
const nested = (depth: number) => `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`;

describe('JSON nested deeper than anything a product needs', () => {
  const rows = [
    { rowNumber: 2, values: { affiliate_link: 'https://shop.example.com/deep-attributes', title: 'Deep attributes', custom_attributes: nested(3000) } },
    { rowNumber: 3, values: { affiliate_link: 'https://shop.example.com/deep-specifications', title: 'Deep specifications', specifications: nested(9_000) } },
    { rowNumber: 4, values: { affiliate_link: 'https://shop.example.com/beside-deep-rows', title: 'Beside deep rows', specifications: '{"Weight":{"value":2,"unit":"kg"}}' } },
  ];
  const expected = [
    ['error', 'Row 2: custom_attributes is nested more than 32 levels deep'],
    ['error', 'Row 3: specifications is nested more than 32 levels deep'],
    ['new', undefined],
  ];

  it('is a row error in the preview', async () => {
    const response = await admin.fetch('/api/admin/products/import/preview', { method: 'POST', json: { rows } });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { rows: { outcome: string; reason?: string }[] };
    expect(answer.rows.map((row) => [row.outcome, row.reason])).toEqual(expected);
  });

  it('is a row error in the import, and the batch keeps its good row', async () => {
    const before = await productCount();
    const response = await admin.fetch('/api/admin/products/import', { method: 'POST', json: { importId: randomUUID(), batchIndex: 0, rows } });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { rows: { outcome: string; reason?: string }[] };
    expect(answer.rows.map((row) => [row.outcome, row.reason])).toEqual(expected);
    expect(await productCount()).toBe(before + 1);
  });
});

describe('delete rows that match several products', () => {
  it('previews each delete on the product the import will delete, and a delete with nothing left to match as an error', async () => {
    const rows = (values: Record<string, string>[]) => values.map((row, index) => ({ rowNumber: index + 2, values: row }));
    const created = await admin.fetch('/api/admin/products/import', {
      method: 'POST',
      json: { importId: randomUUID(), batchIndex: 0, rows: rows([{ affiliate_link: 'https://shop.example.com/twin-1', title: 'Twin one' }, { affiliate_link: 'https://shop.example.com/twin-2', title: 'Twin two' }]) },
    });
    const ids = ((await created.json()) as { rows: { productId: number }[] }).rows.map((row) => row.productId);
    // Two products with one link, as adding the same link twice makes them.
    const shared = 'https://shop.example.com/twin';
    await api.temp.database.run((d) => d.update(products).set({ affiliateUrl: shared }).where(inArray(products.id, ids)));
    const deletes = rows([{ affiliate_link: shared, action: 'delete' }, { affiliate_link: shared, action: 'delete' }, { affiliate_link: shared, action: 'delete' }]);

    const preview = await admin.fetch('/api/admin/products/import/preview', { method: 'POST', json: { rows: deletes } });
    const previewed = ((await preview.json()) as { rows: { outcome: string; productId?: number }[] }).rows.map((row) => [row.outcome, row.productId]);
    const imported = await admin.fetch('/api/admin/products/import', { method: 'POST', json: { importId: randomUUID(), batchIndex: 0, rows: deletes } });
    const done = ((await imported.json()) as { rows: { outcome: string; productId?: number }[] }).rows.map((row) => [row.outcome, row.productId]);
    expect(done).toEqual([
      ['delete', ids[0]],
      ['delete', ids[1]],
      ['error', undefined],
    ]);
    expect(previewed).toEqual(done);
  });
});
