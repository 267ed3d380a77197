/**
 * The editorial review's CSV columns: written by the export after the template's columns and read by the import, so a
 * review round-trips through a spreadsheet. The template (spec section 3) keeps its own columns. Like every column, a
 * blank cell leaves the stored field as it is; a non-blank one is checked by the review rules (editorial/review.ts)
 * and answered with the import's row message. Pros and cons are one cell each, joined with ' | '; the reviewer is the
 * author's slug (the server resolves it to the author).
 */
import { emptyReview, reviewFieldsSchema, reviewSchema } from '../../editorial/review.ts';
import type { EditorialReview } from '../../editorial/types.ts';

export const REVIEW_CSV_COLUMNS = [
  'review_verdict',
  'review_pros',
  'review_cons',
  'review_best_for',
  'review_skip_if',
  'review_score',
  'review_award',
  'review_reviewer',
  'review_tested',
  'review_updated',
] as const;
export type ReviewCsvColumn = (typeof REVIEW_CSV_COLUMNS)[number];

/** Pros and cons in one cell. */
export const NOTES_SEPARATOR = ' | ';

type ReviewCellField = 'verdict' | 'pros' | 'cons' | 'bestFor' | 'skipIf' | 'score' | 'award' | 'testedOn' | 'updatedOn';

const FIELD_OF: Record<Exclude<ReviewCsvColumn, 'review_reviewer'>, ReviewCellField> = {
  review_verdict: 'verdict',
  review_pros: 'pros',
  review_cons: 'cons',
  review_best_for: 'bestFor',
  review_skip_if: 'skipIf',
  review_score: 'score',
  review_award: 'award',
  review_tested: 'testedOn',
  review_updated: 'updatedOn',
};

/** What a row's review cells set: each present key a non-blank cell; the reviewer as the slug written. */
export type ReviewPatch = Partial<Omit<EditorialReview, 'reviewerId'>> & { reviewerSlug?: string; reviewerId?: number | null };

/**
 * The review cells of a row: the patch (undefined when every review cell is blank), or the first broken rule's message.
 * `cell` gives a column's text, undefined when blank.
 */
export function readReviewCells(cell: (column: string) => string | undefined): { patch: ReviewPatch | undefined } | { problem: string } {
  const patch: ReviewPatch = {};
  let any = false;
  for (const [column, field] of Object.entries(FIELD_OF) as [keyof typeof FIELD_OF, ReviewCellField][]) {
    const text = cell(column);
    if (text === undefined) continue;
    const input = field === 'pros' || field === 'cons' ? text.split('|') : text;
    const checked = reviewFieldsSchema.shape[field].safeParse(input);
    if (!checked.success) return { problem: checked.error.issues[0]?.message ?? 'Invalid review value.' };
    (patch as Record<string, unknown>)[field] = checked.data;
    any = true;
  }
  const reviewer = cell('review_reviewer')?.trim().toLowerCase();
  if (reviewer !== undefined) {
    patch.reviewerSlug = reviewer;
    any = true;
  }
  return { patch: any ? patch : undefined };
}

/** The stored review with a row's cells over it (the reviewer already resolved to reviewerId); null when empty. */
export function mergeReview(stored: EditorialReview | null, patch: ReviewPatch | undefined): EditorialReview | null {
  if (patch === undefined) return stored;
  const { reviewerSlug: _slug, ...fields } = patch;
  const merged = { ...(stored ?? emptyReview()), ...fields };
  const checked = reviewSchema.safeParse(merged);
  return checked.success ? checked.data : stored;
}

/** A review's cells for the export; the reviewer as their slug (null: none or no longer an author). */
export function reviewCells(review: EditorialReview | null, reviewerSlug: string | null): Record<ReviewCsvColumn, string> {
  const r = review ?? emptyReview();
  return {
    review_verdict: r.verdict,
    review_pros: r.pros.join(NOTES_SEPARATOR),
    review_cons: r.cons.join(NOTES_SEPARATOR),
    review_best_for: r.bestFor,
    review_skip_if: r.skipIf,
    review_score: r.score === null ? '' : String(r.score),
    review_award: r.award,
    review_reviewer: review?.reviewerId ? (reviewerSlug ?? '') : '',
    review_tested: r.testedOn ?? '',
    review_updated: r.updatedOn ?? '',
  };
}
