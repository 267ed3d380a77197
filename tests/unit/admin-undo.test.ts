/** The undo rules: which rows conflict, the refusal's words, the day a delete stays undoable, the confirmation's question. */
import { describe, expect, it } from 'vitest';
import { bulkNeedsConfirmation, bulkQuestion, bulkWarning } from '../../src/domain/admin/product-bulk.ts';
import {
  UNDO_DELETE_WINDOW_MS,
  conflictMessage,
  deleteUndoable,
  fieldValue,
  findUndoConflicts,
  groupByPriorValue,
  hasConflicts,
  undoState,
  type BulkJobChanges,
} from '../../src/domain/admin/undo.ts';

const outOfStock: BulkJobChanges = { field: 'inStock', after: false, rows: [{ id: 1, before: true }, { id: 2, before: true }, { id: 3, before: true }] };

describe('a later edit of the same field conflicts; of another field it does not', () => {
  it('finds no conflict while every row still holds the value the job wrote', () => {
    const current = new Map<number, unknown>([[1, false], [2, false], [3, false]]);
    const conflicts = findUndoConflicts(outOfStock, current);
    expect(conflicts).toEqual({ changed: [], deleted: [] });
    expect(hasConflicts(conflicts)).toBe(false);
  });

  it('names the rows whose field was changed since, and the rows deleted since', () => {
    const current = new Map<number, unknown>([[1, false], [2, true]]);
    const conflicts = findUndoConflicts(outOfStock, current);
    expect(conflicts).toEqual({ changed: [2], deleted: [3] });
    expect(hasConflicts(conflicts)).toBe(true);
  });

  it('reads the field only, so an edit of the price or name leaves the stock comparable', () => {
    const edited = { inStock: false, categoryId: 4, attributes: { status: 'published', brand: 'New brand' } };
    expect(fieldValue('inStock', edited)).toBe(false);
    expect(fieldValue('categoryId', edited)).toBe(4);
    expect(fieldValue('status', edited)).toBe('published');
    expect(fieldValue('featured', edited)).toBeUndefined();
  });

  it('compares attribute values as JSON: the same value written again is no conflict, another type is', () => {
    const featured: BulkJobChanges = { field: 'featured', after: true, rows: [{ id: 1 }, { id: 2, before: false }] };
    expect(findUndoConflicts(featured, new Map<number, unknown>([[1, true], [2, true]]))).toEqual({ changed: [], deleted: [] });
    expect(findUndoConflicts(featured, new Map<number, unknown>([[1, 'true'], [2, undefined]]))).toEqual({ changed: [1, 2], deleted: [] });
  });
});

describe('the refusal says how many products conflict and on which field', () => {
  it('counts the changed ones', () => {
    expect(conflictMessage('inStock', { changed: [1, 2, 3], deleted: [] })).toBe('A later edit changed the stock of 3 products. Nothing was undone.');
    expect(conflictMessage('categoryId', { changed: [1], deleted: [] })).toBe('A later edit changed the category of 1 product. Nothing was undone.');
  });

  it('counts the deleted ones, alone or with the changed ones', () => {
    expect(conflictMessage('status', { changed: [], deleted: [9] })).toBe('1 product was deleted since. Nothing was undone.');
    expect(conflictMessage('featured', { changed: [1, 2], deleted: [3, 4] })).toBe('A later edit changed the featured flag of 2 products and 2 products were deleted since. Nothing was undone.');
  });
});

describe('prior values go back grouped by value, an absent attribute removed again', () => {
  it('groups the rows', () => {
    const changes: BulkJobChanges = { field: 'status', after: 'published', rows: [{ id: 1, before: 'draft' }, { id: 2 }, { id: 3, before: 'draft' }, { id: 4, before: null }] };
    expect(groupByPriorValue(changes)).toEqual([
      { absent: false, value: 'draft', ids: [1, 3] },
      { absent: true, value: undefined, ids: [2] },
      { absent: false, value: null, ids: [4] },
    ]);
  });
});

describe('a delete can be undone for a day', () => {
  const deletedAt = new Date('2026-11-27T10:00:00Z');
  it('is undoable until a day has passed, then not', () => {
    expect(deleteUndoable(deletedAt, new Date(deletedAt.getTime() + UNDO_DELETE_WINDOW_MS - 1))).toBe(true);
    expect(deleteUndoable(deletedAt, new Date(deletedAt.getTime() + UNDO_DELETE_WINDOW_MS))).toBe(false);
  });

  it('offers Undo in the activity while it can be undone', () => {
    const now = new Date(deletedAt.getTime() + 60_000);
    expect(undoState({ kind: 'delete', createdAt: deletedAt, undoneAt: null }, now)).toBe('available');
    expect(undoState({ kind: 'delete', createdAt: deletedAt, undoneAt: now }, now)).toBe('undone');
    expect(undoState({ kind: 'delete', createdAt: deletedAt, undoneAt: null }, new Date(deletedAt.getTime() + UNDO_DELETE_WINDOW_MS))).toBe('expired');
    // A bulk change has no day limit: its prior values are kept with it.
    expect(undoState({ kind: 'bulk', createdAt: deletedAt, undoneAt: null }, new Date(deletedAt.getTime() + 30 * UNDO_DELETE_WINDOW_MS))).toBe('available');
  });
});

describe('the confirmation before a bulk action', () => {
  it('asks only when more than one product changes', () => {
    expect(bulkNeedsConfirmation(1)).toBe(false);
    expect(bulkNeedsConfirmation(2)).toBe(true);
  });

  it('names the count and the change', () => {
    expect(bulkQuestion('out-of-stock', 92)).toBe('Mark 92 products out of stock?');
    expect(bulkQuestion('in-stock', 2)).toBe('Mark 2 products in stock?');
    expect(bulkQuestion('move', 1200, 'Budget Picks')).toBe('Move 1,200 products to Budget Picks?');
    expect(bulkQuestion('delete', 3)).toBe('Delete 3 products?');
    expect(bulkWarning('out-of-stock')).toContain('undo');
  });
});
