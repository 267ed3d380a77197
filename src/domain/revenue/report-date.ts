/**
 * A report's date cell as a calendar day (issue 14, point 4). Networks write dates in their locale's way; accepted:
 * ISO '2026-03-05' (a time after it is ignored), US '3/5/2026' or '03/05/26' (month first: Amazon.com and the US
 * networks write it so; a day-first export must be re-saved as ISO, since 03/05 cannot be told apart), and English
 * month names 'March 5, 2026', 'Mar 5 2026', '5 March 2026'. A day that does not exist (2026-02-30) is refused.
 * Day precision only: a conversion's time of day is not needed for daily figures, and reports disagree on time zones.
 */
export type ReportDateResult = { ok: true; day: string } | { ok: false };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function day(year: number, month: number, date: number): ReportDateResult {
  if (year < 1970 || year > 9999 || month < 1 || month > 12 || date < 1) return { ok: false };
  const at = new Date(Date.UTC(year, month - 1, date));
  if (at.getUTCMonth() !== month - 1 || at.getUTCDate() !== date) return { ok: false };
  return { ok: true, day: at.toISOString().slice(0, 10) };
}

function monthOf(name: string): number {
  const index = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return index < 0 || (name.length > 3 && !/^[a-z]+$/i.test(name)) ? 0 : index + 1;
}

export function parseReportDate(text: string): ReportDateResult {
  const value = text.trim();
  let match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(value);
  if (match) return day(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/.exec(value);
  if (match) {
    const year = match[3]!.length === 2 ? 2000 + Number(match[3]) : Number(match[3]);
    return day(year, Number(match[1]), Number(match[2]));
  }
  match = /^([A-Za-z]{3,9})\.? (\d{1,2}),? (\d{4})$/.exec(value);
  if (match) return day(Number(match[3]), monthOf(match[1]!), Number(match[2]));
  match = /^(\d{1,2}) ([A-Za-z]{3,9})\.?,? (\d{4})$/.exec(value);
  if (match) return day(Number(match[3]), monthOf(match[2]!), Number(match[1]));
  return { ok: false };
}

/** The day as the moment a conversion is stored at: midnight UTC. */
export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}
