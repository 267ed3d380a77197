/** Dates as the blog manager shows them: "Mar 4, 2026" in the admin's own time zone, in a <time> element's text. */
export function shortDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });
}

export function dateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
