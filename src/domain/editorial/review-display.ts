/** How a review's parts read on the public pages. */
import { calendarDate } from '../dates.ts';

/** A review's YYYY-MM-DD day as "March 4, 2025" and as the <time> element's datetime. */
export function reviewDay(day: string): { iso: string; label: string } {
  return { iso: day, label: calendarDate(new Date(`${day}T00:00:00Z`)) };
}
