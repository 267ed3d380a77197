/**
 * The shapes of the editorial side: a product's review by the site (separate from the shoppers' rating), the people
 * who write, and a roundup post's picks. Stored as JSON on their rows; the rules that validate them live beside.
 */

/** The awards an editor picks from; an editor's own label (at most 30 characters) is allowed too. */
export const STANDARD_AWARDS = ['Best Overall', 'Best Budget', 'Best Upgrade'] as const;

/** A product's editorial review. Every field may be empty: an empty one is not shown (no empty frames). */
export interface EditorialReview {
  /** A sentence or two. */
  verdict: string;
  /** Up to 8 each, 140 characters each. */
  pros: string[];
  cons: string[];
  bestFor: string;
  skipIf: string;
  /** 1 to 10 in steps of 0.5; null when the product is not scored. */
  score: number | null;
  /** One of STANDARD_AWARDS or the editor's own; '' for none. */
  award: string;
  /** An author's id (authors table); null when no reviewer is named. */
  reviewerId: number | null;
  /** Calendar dates, YYYY-MM-DD. */
  testedOn: string | null;
  updatedOn: string | null;
}

/** A roundup post's pick: a product, its award and the paragraph that says why. */
export interface RoundupPick {
  productId: number;
  award: string;
  /** Sanitized HTML. */
  paragraph: string;
}

/** What makes a post a roundup ('The best {thing} of {year}'). */
export interface Roundup {
  thing: string;
  year: number;
  picks: RoundupPick[];
  /** Sanitized HTML. */
  howWeChose: string;
  /** Sanitized HTML. */
  competition: string;
}
