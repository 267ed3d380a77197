/**
 * The Import tab's row states and retry rule (issue 11, point 6): rows the browser can refuse are errors at once with
 * 'Row N: …', the rest pending until the preview answers; the successes-only view; paging; and a batch retried on a
 * network error or a 5xx, three times at most, never on a 4xx.
 */
import { describe, expect, it } from 'vitest';
import { MAX_CELL_CHARS, MAX_ROW_COLUMNS, PREVIEW_BATCH_ROWS, batchRows } from '../../src/domain/admin/csv/contract.ts';
import { ApiError } from '../../src/lib/api.ts';
import { importableInputs, initialPreviewRows, pageOf, rowInputsWithoutBlanks, pendingInputs, previewCounts, visibleRows, withResults } from '../../src/islands/admin/imports/preview-rows.ts';
import { isRetryable, RETRY_DELAYS_MS, withRetries } from '../../src/islands/admin/imports/retry.ts';

const link = 'https://www.amazon.com/dp/B0CRHF7D24';
const row = (rowNumber: number, values: Record<string, string>) => ({ rowNumber, values });

describe('preview rows', () => {
  it('marks rows the domain rules refuse as errors with their reason, and the rest pending', () => {
    const rows = initialPreviewRows([
      row(2, { affiliate_link: link, title: 'Theragun Elite' }),
      row(3, { title: 'No link' }),
      row(4, { affiliate_link: 'not a url' }),
      row(5, { action: 'delete' }),
    ]);
    expect(rows.map((r) => [r.rowNumber, r.state, r.reason])).toEqual([
      [2, 'pending', undefined],
      [3, 'error', 'Row 3: affiliate_link or product_url is required'],
      [4, 'error', 'Row 4: Invalid URL format'],
      [5, 'error', 'Row 5: delete action requires either affiliate_link, sku, or asin'],
    ]);
    expect(rows[0]!.label).toBe('Theragun Elite');
    expect(pendingInputs(rows).map((input) => input.rowNumber)).toEqual([2]);
  });

  it('numbers records from row 2 and leaves empty cells out, which the row rules read as absent columns', () => {
    expect(rowInputsWithoutBlanks([{ affiliate_link: link, title: '', price: ' ', __parsed_extra: ['x'] }, { affiliate_link: '' }])).toEqual([
      row(2, { affiliate_link: link, price: ' ' }),
      row(3, {}),
    ]);
  });

  it('refuses a cell the server would refuse the whole batch for, and keeps the template columns of a too-wide row', () => {
    const [long] = initialPreviewRows([row(2, { affiliate_link: link, review_1: 'x'.repeat(MAX_CELL_CHARS + 1) })]);
    expect(long!.state).toBe('error');
    expect(long!.reason).toMatch(/^Row 2: A cell can hold at most/);

    const wide: Record<string, string> = { affiliate_link: link };
    for (let i = 0; i < MAX_ROW_COLUMNS + 5; i++) wide[`extra_${i}`] = 'x';
    const [fitted] = initialPreviewRows([row(2, wide)]);
    expect(fitted!.state).toBe('pending');
    expect(fitted!.input.values).toEqual({ affiliate_link: link });
  });

  it('takes the server answers, counts them, and imports only new, update and delete rows', () => {
    const rows = initialPreviewRows([row(2, { affiliate_link: link }), row(3, { affiliate_link: `${link}?2` }), row(4, { affiliate_link: `${link}?3` }), row(5, {})]);
    const answered = withResults(rows, [
      { rowNumber: 2, outcome: 'new' },
      { rowNumber: 3, outcome: 'update', productId: 7 },
      { rowNumber: 4, outcome: 'error', reason: 'Row 4: no product matches' },
    ]);
    expect(answered.map((r) => r.state)).toEqual(['new', 'update', 'error', 'error']);
    expect(pendingInputs(answered)).toEqual([]);
    expect(previewCounts(answered)).toEqual({ new: 1, updates: 1, unchanged: 0, deletes: 0, errors: 2 });
    expect(importableInputs(answered).map((input) => input.rowNumber)).toEqual([2, 3]);
    expect(visibleRows(answered, 'successes').map((r) => r.rowNumber)).toEqual([2, 3]);
    expect(visibleRows(answered, 'all')).toHaveLength(4);
  });

  it('shows unchanged rows as successes, never sends them, and keeps the changed fields of an update', () => {
    const rows = initialPreviewRows([row(2, { affiliate_link: link }), row(3, { affiliate_link: `${link}?2` }), row(4, {})]);
    const changes = [{ field: 'price', from: '13', to: '14.5' }];
    const answered = withResults(rows, [
      { rowNumber: 2, outcome: 'unchanged', productId: 1 },
      { rowNumber: 3, outcome: 'update', productId: 2, changes },
    ]);
    expect(answered.map((r) => r.state)).toEqual(['unchanged', 'update', 'error']);
    expect(answered[1]!.changes).toEqual(changes);
    expect(previewCounts(answered)).toEqual({ new: 0, updates: 1, unchanged: 1, deletes: 0, errors: 1 });
    expect(importableInputs(answered).map((input) => input.rowNumber)).toEqual([3]);
    expect(visibleRows(answered, 'successes').map((r) => r.rowNumber)).toEqual([2, 3]);
    expect(visibleRows(answered, 'errors').map((r) => r.rowNumber)).toEqual([4]);
  });

  it('refuses rows naming one product across the whole file, each naming the others', () => {
    const rows = initialPreviewRows([
      row(2, { affiliate_link: link, title: 'A', sku: 'S-1' }),
      row(3, { affiliate_link: `${link}?x`, title: 'B' }),
      row(900, { affiliate_link: `${link}?y`, title: 'C', sku: 'S-1' }),
      row(901, { affiliate_link: `${link}?x`, title: 'D' }),
    ]);
    expect(rows.map((r) => [r.state, r.reason])).toEqual([
      ['error', "Row 2: same sku 'S-1' as row 900; a file may name each product once"],
      ['error', `Row 3: same affiliate_link '${link}?x' as row 901; a file may name each product once`],
      ['error', "Row 900: same sku 'S-1' as row 2; a file may name each product once"],
      ['error', `Row 901: same affiliate_link '${link}?x' as row 3; a file may name each product once`],
    ]);
  });

  it('batches 10,000 pending rows into preview requests of at most PREVIEW_BATCH_ROWS', () => {
    const rows = initialPreviewRows(Array.from({ length: 10_000 }, (_, i) => row(i + 2, { affiliate_link: `${link}?n=${i}` })));
    const batches = batchRows(pendingInputs(rows), PREVIEW_BATCH_ROWS);
    expect(batches).toHaveLength(10_000 / PREVIEW_BATCH_ROWS);
    expect(batches.flat().map((input) => input.rowNumber)).toEqual(rows.map((r) => r.rowNumber));
  });

  it('pages a list and clamps the page into range', () => {
    const items = Array.from({ length: 250 }, (_, i) => i);
    expect(pageOf(items, 1, 100)).toMatchObject({ page: 1, pages: 3 });
    expect(pageOf(items, 3, 100).items).toHaveLength(50);
    expect(pageOf(items, 9, 100).page).toBe(3);
    expect(pageOf([], 1, 100)).toMatchObject({ page: 1, pages: 1, items: [] });
  });
});

describe('retrying an import batch', () => {
  const noWait = { wait: async () => {} };

  it('retries network errors and 5xx, not 4xx', () => {
    expect(isRetryable(new ApiError(0, 'Network error', ''))).toBe(true);
    expect(isRetryable(new ApiError(503, 'Error', ''))).toBe(true);
    expect(isRetryable(new ApiError(422, 'Invalid import request', ''))).toBe(false);
    expect(isRetryable(new Error('bug'))).toBe(false);
  });

  it('sends again after 1, 2 and 4 seconds and gives up after three retries', async () => {
    const waits: number[] = [];
    let calls = 0;
    const failing = withRetries(
      async () => {
        calls++;
        throw new ApiError(0, 'Network error', 'offline');
      },
      { wait: async (ms) => void waits.push(ms) },
    );
    await expect(failing).rejects.toThrow('offline');
    expect(calls).toBe(1 + RETRY_DELAYS_MS.length);
    expect(waits).toEqual([1_000, 2_000, 4_000]);
  });

  it('answers the first success, and a 4xx at once', async () => {
    let calls = 0;
    await expect(
      withRetries(async () => {
        if (++calls < 3) throw new ApiError(502, 'Error', 'bad gateway');
        return 'ok';
      }, noWait),
    ).resolves.toBe('ok');
    expect(calls).toBe(3);

    calls = 0;
    await expect(
      withRetries(async () => {
        calls++;
        throw new ApiError(422, 'Invalid import request', 'no');
      }, noWait),
    ).rejects.toThrow('no');
    expect(calls).toBe(1);
  });
});
