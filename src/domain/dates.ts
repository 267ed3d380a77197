/**
 * A calendar date as readers see it on the site: "March 4, 2025". In UTC, so the build machine's
 * time zone cannot move a date by a day. One formatter, made once: pages format dates by the
 * thousand at build time.
 */
const CALENDAR_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export function calendarDate(date: Date): string {
  return CALENDAR_DATE.format(date);
}
