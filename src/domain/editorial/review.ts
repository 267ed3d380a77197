/**
 * A product's editorial review (the site's verdict, separate from the shoppers' rating): the limits every write path
 * holds it to (the product form, the product functions, the CSV import, bulk edits), as one zod schema whose issues
 * carry the field's path, so the form shows each message beside its field. A review with nothing in it is stored as
 * null: a product either has a review or shows none (no empty frames).
 */
import { z } from 'zod';
import { STANDARD_AWARDS, type EditorialReview } from './types.ts';

export const MAX_VERDICT_LENGTH = 300;
export const MAX_NOTES = 8;
export const MAX_NOTE_LENGTH = 140;
export const MAX_AUDIENCE_LENGTH = 120;
export const MAX_AWARD_LENGTH = 30;
export const MIN_SCORE = 1;
export const MAX_SCORE = 10;
export const SCORE_STEP = 0.5;

export const reviewTexts = {
  notAnObject: 'Send the review as an object with its fields, or null for no review.',
  verdict: `The verdict must be at most ${MAX_VERDICT_LENGTH} characters.`,
  prosTooMany: `Add at most ${MAX_NOTES} pros.`,
  consTooMany: `Add at most ${MAX_NOTES} cons.`,
  proTooLong: `Each pro must be at most ${MAX_NOTE_LENGTH} characters.`,
  noteSeparator: "A pro or con cannot contain '|': the CSV file separates them with it.",
  conTooLong: `Each con must be at most ${MAX_NOTE_LENGTH} characters.`,
  bestFor: `'Best for' must be at most ${MAX_AUDIENCE_LENGTH} characters.`,
  skipIf: `'Skip it if' must be at most ${MAX_AUDIENCE_LENGTH} characters.`,
  score: 'The score must be from 1 to 10 in steps of 0.5, or empty.',
  award: `The award must be one of ${STANDARD_AWARDS.join(', ')} or your own label of at most ${MAX_AWARD_LENGTH} characters.`,
  reviewer: 'Choose a reviewer from the list of authors.',
  reviewerMissing: 'The chosen reviewer is no longer an author. Choose another one.',
  testedOn: 'The tested date must be a real date written as YYYY-MM-DD.',
  updatedOn: 'The updated date must be a real date written as YYYY-MM-DD.',
} as const;

/** What the form edits; numbers may arrive as typed text, blanks as '' or null. */
export interface ReviewFormValues {
  verdict?: string | null;
  pros?: string[] | null;
  cons?: string[] | null;
  bestFor?: string | null;
  skipIf?: string | null;
  score?: string | number | null;
  award?: string | null;
  reviewerId?: string | number | null;
  testedOn?: string | null;
  updatedOn?: string | null;
}

/** One line of text: trimmed, runs of white space (line breaks included) as one space. */
export function cleanLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Whether a score sits on the 0.5 grid from 1 to 10. */
export function isValidScore(score: number): boolean {
  return Number.isFinite(score) && score >= MIN_SCORE && score <= MAX_SCORE && Number.isInteger(score / SCORE_STEP);
}

/** Whether the text is a calendar day that exists, written YYYY-MM-DD (2025-02-30 is not). */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** A standard award is stored with its exact spelling whatever the case typed; any other label as typed. */
export function normalizeAward(award: string): string {
  const line = cleanLine(award);
  return STANDARD_AWARDS.find((standard) => standard.toLowerCase() === line.toLowerCase()) ?? line;
}

export function isStandardAward(award: string): boolean {
  return (STANDARD_AWARDS as readonly string[]).includes(award);
}

/** A review with no field filled says nothing: it is stored as null. */
export function isEmptyReview(review: EditorialReview): boolean {
  return (
    review.verdict === '' &&
    review.pros.length === 0 &&
    review.cons.length === 0 &&
    review.bestFor === '' &&
    review.skipIf === '' &&
    review.score === null &&
    review.award === '' &&
    review.reviewerId === null &&
    review.testedOn === null &&
    review.updatedOn === null
  );
}

export function emptyReview(): EditorialReview {
  return { verdict: '', pros: [], cons: [], bestFor: '', skipIf: '', score: null, award: '', reviewerId: null, testedOn: null, updatedOn: null };
}

const line = (max: number, message: string) =>
  z
    .string({ error: message })
    .nullable()
    .optional()
    .transform((value) => cleanLine(value ?? ''))
    .refine((value) => value.length <= max, message);

/** Pros or cons: blank rows dropped (the form's empty last row), then at most 8 of at most 140 characters. */
const notes = (tooMany: string, tooLong: string) =>
  z
    .array(z.string({ error: tooLong }), { error: tooMany })
    .nullable()
    .optional()
    .transform((rows) => (rows ?? []).map((row) => cleanLine(row)).filter((row) => row !== ''))
    .superRefine((rows, ctx) => {
      if (rows.length > MAX_NOTES) ctx.addIssue({ code: 'custom', message: tooMany });
      rows.forEach((row, index) => {
        if (row.length > MAX_NOTE_LENGTH) ctx.addIssue({ code: 'custom', message: tooLong, path: [index] });
        else if (row.includes('|')) ctx.addIssue({ code: 'custom', message: reviewTexts.noteSeparator, path: [index] });
      });
    });

const day = (message: string) =>
  z
    .string({ error: message })
    .nullable()
    .optional()
    .transform((value, ctx): string | null => {
      const text = (value ?? '').trim();
      if (text === '') return null;
      if (!isCalendarDay(text)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return text;
    });

const score = z
  .union([z.number(), z.string(), z.null()], { error: reviewTexts.score })
  .optional()
  .transform((value, ctx): number | null => {
    const text = typeof value === 'string' ? value.trim() : value;
    if (text === undefined || text === null || text === '') return null;
    const number = typeof text === 'number' ? text : Number(text);
    if (!isValidScore(number)) {
      ctx.addIssue({ code: 'custom', message: reviewTexts.score });
      return z.NEVER;
    }
    return number;
  });

const reviewerId = z
  .union([z.number(), z.string(), z.null()], { error: reviewTexts.reviewer })
  .optional()
  .transform((value, ctx): number | null => {
    const text = typeof value === 'string' ? value.trim() : value;
    if (text === undefined || text === null || text === '') return null;
    const id = typeof text === 'number' ? text : Number(text);
    if (!Number.isSafeInteger(id) || id < 1) {
      ctx.addIssue({ code: 'custom', message: reviewTexts.reviewer });
      return z.NEVER;
    }
    return id;
  });

const award = z
  .string({ error: reviewTexts.award })
  .nullable()
  .optional()
  .transform((value) => normalizeAward(value ?? ''))
  .refine((value) => value.length <= MAX_AWARD_LENGTH, reviewTexts.award);

/** The review's fields, each with its own message at its own path. */
export const reviewFieldsSchema = z.object(
  {
    verdict: line(MAX_VERDICT_LENGTH, reviewTexts.verdict),
    pros: notes(reviewTexts.prosTooMany, reviewTexts.proTooLong),
    cons: notes(reviewTexts.consTooMany, reviewTexts.conTooLong),
    bestFor: line(MAX_AUDIENCE_LENGTH, reviewTexts.bestFor),
    skipIf: line(MAX_AUDIENCE_LENGTH, reviewTexts.skipIf),
    score,
    award,
    reviewerId,
    testedOn: day(reviewTexts.testedOn),
    updatedOn: day(reviewTexts.updatedOn),
  },
  { error: reviewTexts.notAnObject },
);

/**
 * A review as sent: an object of fields, or null for none. The output is the review to store, or null when it is
 * empty. Unknown keys are ignored (zod's default), so a client sending extra fields stores nothing it did not mean.
 */
export const reviewSchema = reviewFieldsSchema
  .nullable()
  .transform((review): EditorialReview | null => (review === null || isEmptyReview(review) ? null : review));

export type ReviewResult = { ok: true; review: EditorialReview | null } | { ok: false; errors: Record<string, string> };

/** Field path ('verdict', 'pros.2') → its first message; '' for a problem with the whole review. */
export function reviewFieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Parses, validates and normalizes a review: the review to store (null when empty), or every field's message. */
export function parseReview(input: unknown): ReviewResult {
  const result = reviewSchema.safeParse(input ?? null);
  return result.success ? { ok: true, review: result.data } : { ok: false, errors: reviewFieldErrors(result.error.issues) };
}

/** The form's values for a stored review (none: every field blank, one empty row for pros and for cons). */
export function reviewFormFromReview(review: EditorialReview | null): Required<{ [K in keyof ReviewFormValues]: NonNullable<ReviewFormValues[K]> }> {
  const stored = review ?? emptyReview();
  return {
    verdict: stored.verdict,
    pros: stored.pros.length > 0 ? [...stored.pros] : [''],
    cons: stored.cons.length > 0 ? [...stored.cons] : [''],
    bestFor: stored.bestFor,
    skipIf: stored.skipIf,
    score: stored.score === null ? '' : String(stored.score),
    award: stored.award,
    reviewerId: stored.reviewerId === null ? '' : String(stored.reviewerId),
    testedOn: stored.testedOn ?? '',
    updatedOn: stored.updatedOn ?? '',
  };
}

/** A stored value read back (a row may predate a rule): the review when it passes the rules, else null. */
export function storedReview(value: unknown): EditorialReview | null {
  if (value === null || value === undefined) return null;
  const result = reviewSchema.safeParse(value);
  return result.success ? result.data : null;
}
