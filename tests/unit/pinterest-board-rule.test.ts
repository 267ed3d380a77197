import { describe, expect, it } from 'vitest';
import { bulkResultVariant, hasUsableBoard } from '../../src/domain/admin/pinterest/board-rule.ts';
import { bulkCsvFiles, csvKeywords, CSV_KEYWORDS_MAX } from '../../src/domain/admin/pinterest/bulk-csv.ts';

describe('hasUsableBoard', () => {
  it('takes a board named by text only when there is no token (the CSV route names boards)', () => {
    expect(hasUsableBoard({ boardId: null, boardName: 'Home gym' }, false)).toBe(true);
    expect(hasUsableBoard({ boardId: null, boardName: 'Home gym' }, true)).toBe(false);
    expect(hasUsableBoard({ boardId: '9001', boardName: null }, true)).toBe(true);
    expect(hasUsableBoard({ boardId: '9001' }, false)).toBe(true);
    expect(hasUsableBoard({ boardId: null, boardName: '   ' }, false)).toBe(false);
    expect(hasUsableBoard({}, false)).toBe(false);
  });
});

describe('bulkResultVariant', () => {
  it('is a warning when nothing changed', () => {
    expect(bulkResultVariant({ changed: 0 })).toBe('warning');
    expect(bulkResultVariant({ changed: 1 })).toBe('success');
  });
});

describe('csvKeywords', () => {
  it('keeps text tags once each, without the commas that separate keywords, at most ten', () => {
    expect(csvKeywords(['recovery', 'Mobility, hips', 'RECOVERY', 42, '  ', null])).toEqual(['recovery', 'Mobility hips']);
    expect(csvKeywords(Array.from({ length: 15 }, (_, i) => `tag ${i}`))).toHaveLength(CSV_KEYWORDS_MAX);
    expect(csvKeywords(undefined)).toEqual([]);
    expect(csvKeywords('recovery')).toEqual([]);
  });

  it('fills the Keywords column and a scheduled time the Publish date column', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    const { files } = bulkCsvFiles(
      [{ id: 1, title: 'Ball', description: 'A ball', link: 'https://repwell.example/p', isAffiliate: false, imageUrl: 'https://repwell.example/b.png', boardName: 'Home recovery', publishAt: new Date('2026-11-29T09:30:00Z'), keywords: csvKeywords(['recovery', 'massage']) }],
      now,
    );
    expect(files[0]!.csv.split('\r\n')[1]).toBe('"Ball","https://repwell.example/b.png","Home recovery","","A ball","https://repwell.example/p","2026-11-29T09:30:00","recovery,massage"');
  });
});
