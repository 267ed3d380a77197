/** The editorial review's rules: limits, score steps, award names, dates, empty reviews and field-level messages. */
import { describe, expect, it } from 'vitest';
import { formatScore } from '../../src/domain/editorial/review-display.ts';
import {
  isCalendarDay,
  isValidScore,
  normalizeAward,
  parseReview,
  reviewFormFromReview,
  reviewTexts,
  storedReview,
} from '../../src/domain/editorial/review.ts';

const full = {
  verdict: '  The best   massage gun under $150:\nquiet, strong and light. ',
  pros: [' Quiet at full power ', '', 'Light: 1.8 lb'],
  cons: ['Short battery life', '  '],
  bestFor: 'Runners who travel',
  skipIf: 'You need deep tissue work daily',
  score: '8.5',
  award: 'best budget',
  reviewerId: '3',
  testedOn: '2026-03-01',
  updatedOn: '2026-10-12',
};

const errorsOf = (input: unknown) => {
  const result = parseReview(input);
  if (result.ok) throw new Error('expected the review to be refused');
  return result.errors;
};

describe('a review', () => {
  it('is normalized: lines trimmed and collapsed, blank rows dropped, numbers parsed, standard awards spelled exactly', () => {
    expect(parseReview(full)).toEqual({
      ok: true,
      review: {
        verdict: 'The best massage gun under $150: quiet, strong and light.',
        pros: ['Quiet at full power', 'Light: 1.8 lb'],
        cons: ['Short battery life'],
        bestFor: 'Runners who travel',
        skipIf: 'You need deep tissue work daily',
        score: 8.5,
        award: 'Best Budget',
        reviewerId: 3,
        testedOn: '2026-03-01',
        updatedOn: '2026-10-12',
      },
    });
  });

  it('with nothing in it is stored as null', () => {
    expect(parseReview(null)).toEqual({ ok: true, review: null });
    expect(parseReview(undefined)).toEqual({ ok: true, review: null });
    expect(parseReview({})).toEqual({ ok: true, review: null });
    expect(parseReview(reviewFormFromReview(null))).toEqual({ ok: true, review: null });
    expect(parseReview({ verdict: '   ', pros: ['', ' '], score: '', reviewerId: '', testedOn: '' })).toEqual({ ok: true, review: null });
  });

  it('with a single field is kept', () => {
    expect(parseReview({ score: 7 })).toMatchObject({ ok: true, review: { score: 7, verdict: '', pros: [] } });
  });

  it('must be an object or null', () => {
    expect(errorsOf('great')).toEqual({ '': reviewTexts.notAnObject });
    expect(errorsOf([1])).toEqual({ '': reviewTexts.notAnObject });
  });

  it('round-trips through the form values', () => {
    const first = parseReview(full);
    if (!first.ok) throw new Error('valid');
    expect(parseReview(reviewFormFromReview(first.review))).toEqual(first);
  });
});

describe('the verdict, best for and skip it if', () => {
  it('hold their limits', () => {
    expect(parseReview({ verdict: 'x'.repeat(300) }).ok).toBe(true);
    expect(errorsOf({ verdict: 'x'.repeat(301) })).toEqual({ verdict: reviewTexts.verdict });
    expect(parseReview({ bestFor: 'x'.repeat(120), skipIf: 'y'.repeat(120) }).ok).toBe(true);
    expect(errorsOf({ bestFor: 'x'.repeat(121), skipIf: 'y'.repeat(121) })).toEqual({ bestFor: reviewTexts.bestFor, skipIf: reviewTexts.skipIf });
  });

  it('count characters after collapsing white space', () => {
    expect(parseReview({ verdict: `${'x'.repeat(150)}      \n\n   ${'y'.repeat(149)}` }).ok).toBe(true);
  });
});

describe('pros and cons', () => {
  it('are at most 8 each', () => {
    const eight = Array.from({ length: 8 }, (_, i) => `Point ${i}`);
    expect(parseReview({ pros: eight, cons: eight }).ok).toBe(true);
    expect(errorsOf({ pros: [...eight, 'Nine'] })).toEqual({ pros: reviewTexts.prosTooMany });
    expect(errorsOf({ cons: [...eight, 'Nine'] })).toEqual({ cons: reviewTexts.consTooMany });
  });

  it('do not count blank rows toward the 8', () => {
    expect(parseReview({ pros: [...Array.from({ length: 8 }, (_, i) => `Point ${i}`), '', '  '] }).ok).toBe(true);
  });

  it('are at most 140 characters each, the message at the row', () => {
    expect(parseReview({ pros: ['x'.repeat(140)] }).ok).toBe(true);
    expect(errorsOf({ pros: ['fine', 'x'.repeat(141)] })).toEqual({ 'pros.1': reviewTexts.proTooLong });
    expect(errorsOf({ cons: ['y'.repeat(141)] })).toEqual({ 'cons.0': reviewTexts.conTooLong });
  });

  it('must be lists of text', () => {
    expect(errorsOf({ pros: 'Quiet' })).toHaveProperty('pros');
    expect(errorsOf({ cons: [42] })).toHaveProperty('cons.0');
  });
});

describe('the score', () => {
  it('runs from 1 to 10 in steps of 0.5', () => {
    for (const score of [1, 1.5, 5, 8.5, 10]) expect(isValidScore(score)).toBe(true);
    for (const score of [0, 0.5, 10.5, 8.3, 8.25, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(isValidScore(score)).toBe(false);
  });

  it('takes typed text or a number, blank for none', () => {
    expect(parseReview({ score: ' 9.5 ', verdict: 'x' })).toMatchObject({ review: { score: 9.5 } });
    expect(parseReview({ score: '', verdict: 'x' })).toMatchObject({ review: { score: null } });
    for (const score of ['8.3', '11', 'ten', 0, true]) expect(errorsOf({ score })).toEqual({ score: reviewTexts.score });
  });

  it('reads as 8.5/10 or 9/10', () => {
    expect(formatScore(8.5)).toBe('8.5/10');
    expect(formatScore(9)).toBe('9/10');
    expect(formatScore(10)).toBe('10/10');
  });
});

describe('the award', () => {
  it('is a standard award, spelled as the list spells it', () => {
    expect(normalizeAward('BEST OVERALL')).toBe('Best Overall');
    expect(normalizeAward(' best  upgrade ')).toBe('Best Upgrade');
  });

  it("or the editor's own label of at most 30 characters", () => {
    expect(parseReview({ award: 'Best for Small Spaces' })).toMatchObject({ review: { award: 'Best for Small Spaces' } });
    expect(parseReview({ award: 'x'.repeat(30) }).ok).toBe(true);
    expect(errorsOf({ award: 'x'.repeat(31) })).toEqual({ award: reviewTexts.award });
    expect(errorsOf({ award: 3 })).toEqual({ award: reviewTexts.award });
  });
});

describe('the reviewer', () => {
  it('is an author id, as a number or typed text, blank for none', () => {
    expect(parseReview({ reviewerId: 4 })).toMatchObject({ review: { reviewerId: 4 } });
    expect(parseReview({ reviewerId: '12', verdict: 'x' })).toMatchObject({ review: { reviewerId: 12 } });
    expect(parseReview({ reviewerId: null, verdict: 'x' })).toMatchObject({ review: { reviewerId: null } });
    for (const reviewerId of [0, -2, 1.5, 'maya', '1e400']) expect(errorsOf({ reviewerId })).toEqual({ reviewerId: reviewTexts.reviewer });
  });
});

describe('the tested and updated dates', () => {
  it('are real days written YYYY-MM-DD', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    for (const day of ['2025-02-29', '2025-13-01', '2025-1-5', '05/01/2025', '2025-01-01T00:00:00Z', '']) expect(isCalendarDay(day)).toBe(false);
    expect(errorsOf({ testedOn: '2025-02-30', updatedOn: 'yesterday' })).toEqual({ testedOn: reviewTexts.testedOn, updatedOn: reviewTexts.updatedOn });
  });
});

describe('a stored review read back', () => {
  it('passes when it holds the rules, else reads as none', () => {
    const parsed = parseReview(full);
    if (!parsed.ok) throw new Error('valid');
    expect(storedReview(parsed.review)).toEqual(parsed.review);
    expect(storedReview(null)).toBeNull();
    expect(storedReview({ score: 42 })).toBeNull();
    expect(storedReview('text')).toBeNull();
  });
});
