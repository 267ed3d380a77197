/** Dates and times as the admin panel shows them: in the admin's own time zone, e.g. 'Nov 22, 2026, 3:04 PM'. */
const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatDateTime(date: Date): string {
  return DATE_TIME.format(date);
}
