/**
 * The export's formula guard and the import's exact inverse (issue 11, point 7), checked on every short string over
 * an alphabet of the characters that matter, and on seeded random strings, rather than on a few examples.
 */
import { describe, expect, it } from 'vitest';
import { guardCell, isFormulaLike, unguardCell } from '../../src/domain/admin/csv/formula-guard.ts';

const ALPHABET = ['=', '+', '-', '@', '\t', '\r', "'", '\n', 'a', ' ', '"', ',', '1', '\u0000'];

/** Every string of up to `length` characters over the alphabet. */
function allStrings(length: number): string[] {
  let level = [''];
  const all = [''];
  for (let i = 0; i < length; i++) {
    level = level.flatMap((prefix) => ALPHABET.map((char) => prefix + char));
    all.push(...level);
  }
  return all;
}

/** A small deterministic generator (mulberry32), so a failure names a reproducible input. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const EXTRA = ['😀', '\u202E', 'ש', '\u0000', '\uFEFF', 'é'];

describe('the formula guard', () => {
  it.each(['=SUM(A1)', '+1', '-5', '@cmd', '\tx', '\rx'])('guards %j', (text) => {
    expect(isFormulaLike(text)).toBe(true);
    expect(guardCell(text)).toBe(`'${text}`);
  });

  it('leaves ordinary text alone, including a formula character later in the text', () => {
    for (const text of ['Foam roller', 'a=b', '1-2', '', ' =x', 'ﹰ=']) expect(guardCell(text)).toBe(text);
  });

  it('guards text that already begins with an apostrophe, so the import can tell the two apart', () => {
    expect(guardCell("'quoted")).toBe("''quoted");
    expect(unguardCell("''quoted")).toBe("'quoted");
    expect(unguardCell("'quoted")).toBe("'quoted");
  });

  it('never leaves a cell a spreadsheet would run', () => {
    for (const text of allStrings(3)) expect(isFormulaLike(guardCell(text))).toBe(false);
  });

  it('round-trips every string of up to 4 characters over = + - @ tab CR apostrophe and others', () => {
    const strings = allStrings(4);
    expect(strings.length).toBeGreaterThan(30_000);
    for (const text of strings) expect(unguardCell(guardCell(text))).toBe(text);
  });

  it('round-trips 20,000 random strings with emoji, right-to-left marks and NUL', () => {
    const next = random(11);
    const chars = [...ALPHABET, ...EXTRA];
    for (let i = 0; i < 20_000; i++) {
      const length = Math.floor(next() * 12);
      let text = '';
      for (let j = 0; j < length; j++) text += chars[Math.floor(next() * chars.length)];
      expect(unguardCell(guardCell(text)), JSON.stringify(text)).toBe(text);
    }
  });

  it('guards a formula behind control or format characters a spreadsheet drops: \\0=1+1, ESC, zero-width space, BOM', () => {
    for (const text of ['\u0000=1+1', '\u0000\u0000+1', '\u001b@cmd', '\u200b=SUM(A1)', '\uFEFF-2', '\u202E=1', '\u0000\t1', "\u0000'x"]) {
      expect(isFormulaLike(text) || text.endsWith("'x"), JSON.stringify(text)).toBe(true);
      expect(guardCell(text)).toBe(`'${text}`);
      expect(unguardCell(guardCell(text))).toBe(text);
    }
    for (const text of ['\u0000a=1', '\u0000 =1', '\u0000']) expect(guardCell(text)).toBe(text);
  });

  it('removes only its own guard: an apostrophe before anything else is kept', () => {
    for (const text of ["'", "'a", "' =", "'1", "'\n"]) expect(unguardCell(text)).toBe(text);
  });
});
