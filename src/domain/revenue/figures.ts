/**
 * The analytics dashboard's figures (issue 14, point 5), from integer counts and integer cents.
 *
 * Rounding rules:
 * - Rates (CTR, conversion rate, change) are returned unrounded as fractions (0.0525 = 5.25 %); only the display rounds,
 *   to one decimal place of a percent, half away from zero (formatPercent).
 * - Money per unit (EPC, RPM) is returned in cents rounded to a whole cent, half away from zero, computed with integer
 *   arithmetic so 1 cent over 2 clicks is 1 (0.5 rounds up) on every platform.
 * - A figure whose denominator is zero (no views, no clicks, no previous period) is null, never 0 or Infinity, and is
 *   shown as '—' (NO_FIGURE).
 */
export const NO_FIGURE = '—';

function isCount(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}

function fraction(numerator: number, denominator: number): number | null {
  if (!Number.isSafeInteger(numerator) || !isCount(denominator) || denominator === 0) return null;
  return numerator / denominator;
}

/** numerator / denominator rounded to an integer, half away from zero, without floating point error. */
export function roundedDivision(numerator: number, denominator: number): number | null {
  if (!Number.isSafeInteger(numerator) || !isCount(denominator) || denominator === 0) return null;
  const sign = numerator < 0 ? -1 : 1;
  const magnitude = Math.abs(numerator);
  const quotient = Math.floor(magnitude / denominator);
  const remainder = magnitude - quotient * denominator;
  const rounded = remainder * 2 >= denominator ? quotient + 1 : quotient;
  return rounded === 0 ? 0 : sign * rounded;
}

/**
 * Click-through rate: viewed clicks per view. Its numerator is the clicks that followed a counted view of the same
 * product by the same client (product_analytics.viewed, src/server/tracking.ts), which by construction never outnumber
 * the views; a click with no counted view (a blog post's buy link, a view the browser never sent) is a click but not
 * a click *through* a view. The cap at 1 only guards rows written under another rule.
 */
export function clickThroughRate(viewedClicks: number, views: number): number | null {
  return fraction(Math.min(viewedClicks, views), views);
}

/**
 * Conversion rate: the share of clicks that ended in a sale, each click converting at most once. A shopper can buy
 * several things after one click (one basket, several conversions): they all count as conversions and commission,
 * but a click cannot be more than converted, so the rate is min(conversions, clicks) / clicks and never above 100 %.
 */
export function conversionRate(conversions: number, clicks: number): number | null {
  return fraction(Math.min(conversions, clicks), clicks);
}

/** Earnings per click, in cents. */
export function earningsPerClickCents(commissionCents: number, clicks: number): number | null {
  return roundedDivision(commissionCents, clicks);
}

/** Revenue per 1,000 views, in cents. */
export function revenuePerThousandViewsCents(commissionCents: number, views: number): number | null {
  if (!Number.isSafeInteger(commissionCents * 1000)) return null;
  return roundedDivision(commissionCents * 1000, views);
}

/** Change against the previous period as a fraction (+0.25 = up 25 %); null when the previous period had nothing. */
export function changeAgainst(current: number, previous: number): number | null {
  if (!Number.isFinite(current) || !Number.isFinite(previous) || previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}

export interface PeriodTotals {
  views: number;
  clicks: number;
  /** Clicks that followed a counted view (clickThroughRate); the clicks when not given. */
  viewedClicks?: number;
  conversions: number;
  commissionCents: number;
}

export interface PeriodRates {
  clickThroughRate: number | null;
  conversionRate: number | null;
  earningsPerClickCents: number | null;
  revenuePerThousandViewsCents: number | null;
}

export interface PeriodFigures extends PeriodTotals, PeriodRates {}

/** The totals with their rates; other figures carried in the totals (a sale amount) pass through unchanged. */
export function periodFigures<T extends PeriodTotals>(totals: T): T & PeriodRates {
  return {
    ...totals,
    clickThroughRate: clickThroughRate(totals.viewedClicks ?? totals.clicks, totals.views),
    conversionRate: conversionRate(totals.conversions, totals.clicks),
    earningsPerClickCents: earningsPerClickCents(totals.commissionCents, totals.clicks),
    revenuePerThousandViewsCents: revenuePerThousandViewsCents(totals.commissionCents, totals.views),
  };
}

export type FigureChanges<F = PeriodFigures> = { [K in keyof F]: number | null };

/** Each figure's change against the previous period (null where either side is null or the previous is zero). */
export function periodChanges<F extends { [K in keyof F]: number | null }>(current: F, previous: F): FigureChanges<F> {
  const changes = {} as FigureChanges<F>;
  for (const key of Object.keys(current) as (keyof F)[]) {
    const now = current[key];
    const before = previous[key];
    changes[key] = now === null || before === null ? null : changeAgainst(now, before);
  }
  return changes;
}

/** 0.0525 → '5.3%', -0.1 → '-10.0%', null → '—'. Half away from zero at one decimal of a percent. */
export function formatPercent(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return NO_FIGURE;
  const tenths = Math.round(Math.abs(value) * 1000 + 1e-9) * Math.sign(value);
  return `${(tenths / 10).toFixed(1)}%`;
}

export const DAY_MS = 86_400_000;

/** Midnight UTC of a 'YYYY-MM-DD' day, or null for anything else (a day that does not exist, like 2025-02-30). */
export function dayStart(day: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== day ? null : time;
}

/** The previous period of an inclusive day range: the same number of days, ending the day before `from`. */
export function previousPeriod(from: string, to: string): { from: string; to: string } | null {
  const start = dayStart(from);
  const end = dayStart(to);
  if (start === null || end === null || end < start) return null;
  const day = 86_400_000;
  const length = (end - start) / day + 1;
  const previousEnd = start - day;
  const previousStart = previousEnd - (length - 1) * day;
  return { from: new Date(previousStart).toISOString().slice(0, 10), to: new Date(previousEnd).toISOString().slice(0, 10) };
}

/** The UTC day ('YYYY-MM-DD') of a time. */
export function utcDay(time: Date | number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The day `count` days after (or, negative, before) a valid 'YYYY-MM-DD' day. */
export function addDays(day: string, count: number): string {
  const start = dayStart(day);
  if (start === null) throw new RangeError(`not a day: ${day}`);
  return utcDay(start + count * DAY_MS);
}

/** Every day of an inclusive range, in order (empty when `to` is before `from` or either is not a day). */
export function daysOf(from: string, to: string): string[] {
  const start = dayStart(from);
  const end = dayStart(to);
  if (start === null || end === null) return [];
  const days: string[] = [];
  for (let time = start; time <= end; time += DAY_MS) days.push(utcDay(time));
  return days;
}
