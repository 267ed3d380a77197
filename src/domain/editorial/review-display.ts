/**
 * How a review's parts read on the public pages. Kept apart from the review rules (review.ts, which use zod) so the
 * catalogue island's cards can format a score without shipping the validation library.
 */
import { calendarDate } from '../dates.ts';

/** A review's YYYY-MM-DD day as "March 4, 2025" and as the <time> element's datetime. */
export function reviewDay(day: string): { iso: string; label: string } {
  return { iso: day, label: calendarDate(new Date(`${day}T00:00:00Z`)) };
}

/** '8.5/10' (a whole score without '.0': '9/10'). */
export function formatScore(score: number): string {
  return `${Number.isInteger(score) ? score.toFixed(0) : score.toFixed(1)}/10`;
}
