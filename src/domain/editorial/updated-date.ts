/**
 * When a page says 'Updated {date}': only when it was changed on a later calendar day (UTC, as every date on the site)
 * than it was published. An edit made the same day (a typo fixed an hour after publishing) is part of publishing, and
 * a label that repeats the publication date tells a reader nothing.
 */
export function shownUpdateDate(publishedAt: Date, updatedAt: Date | null | undefined): Date | null {
  if (!updatedAt) return null;
  return utcDay(updatedAt) > utcDay(publishedAt) ? updatedAt : null;
}

function utcDay(date: Date): number {
  return Math.floor(date.getTime() / 86_400_000);
}
