/**
 * A link's health as a badge, coloured by severity (every pair meets WCAG AA contrast), in the words of
 * healthStatusLabel: 'Broken (unconfirmed)' after one 404, 'Broken' after two, '(acknowledged)' once an admin said it
 * is fine; 'Not checked yet' when there is no check. Blocked and error read 'Could not check', never 'broken'.
 */
import { classSeverity, isCouldNotCheck, type LinkHealthClass } from '../../../domain/admin/link-health/classes.ts';
import { healthStatusLabel, type HealthStatusInput } from '../../../domain/admin/link-health/status.ts';

export const notCheckedLabel = 'Not checked yet';

export function healthTone(kind: LinkHealthClass): string {
  if (kind === 'ok') return 'border-success/30 bg-success/10 text-success';
  if (isCouldNotCheck(kind)) return 'border-line bg-muted text-ink-muted';
  if (classSeverity[kind] >= classSeverity['soft-not-found']) return 'border-sale/40 bg-sale/10 text-sale';
  if (classSeverity[kind] >= classSeverity['out-of-stock']) return 'border-amber-300 bg-amber-50 text-amber-900';
  return 'border-brand-200 bg-brand-50 text-brand-800';
}

export function HealthBadge({ status }: { status: HealthStatusInput }) {
  return (
    <span className={`inline-flex rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${healthTone(status.class)}`}>{healthStatusLabel(status)}</span>
  );
}
