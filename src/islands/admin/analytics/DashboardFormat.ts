/** How the dashboard writes its figures: money from integer cents in dollars, rates as percents, a missing figure as '—'. */
import { formatPrice } from '../../../domain/money.ts';
import { formatPercent, NO_FIGURE } from '../../../domain/revenue/figures.ts';

export function formatCents(cents: number | null): string {
  return cents === null ? NO_FIGURE : formatPrice(cents / 100);
}

export function formatCount(count: number | null): string {
  return count === null ? NO_FIGURE : count.toLocaleString('en-US');
}

export { formatPercent };

/** 'Up 25.0%', 'Down 10.0%', 'No change', or 'No previous figure': in words, never by colour alone. */
export function changeText(change: number | null): string {
  if (change === null) return 'No previous figure';
  if (change === 0) return 'No change';
  return `${change > 0 ? 'Up' : 'Down'} ${formatPercent(Math.abs(change))}`;
}

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** '2026-01-05' → 'Jan 5, 2026'. */
export function formatDay(day: string): string {
  return DAY.format(new Date(`${day}T00:00:00Z`));
}
