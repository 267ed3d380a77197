/**
 * A link's health as a badge: the checker's class label, coloured by severity (every pair meets WCAG AA contrast),
 * 'Not checked yet' when there is no check. Blocked and error read 'Could not check', never 'broken'. A failing
 * class that is not reported (its first failure, or acknowledged by an admin) says so, so it does not look flagged.
 */
import { classLabels, classSeverity, isCouldNotCheck, type LinkHealthClass } from '../../../domain/admin/link-health/classes.ts';

export const notCheckedLabel = 'Not checked yet';

export function healthTone(kind: LinkHealthClass): string {
  if (kind === 'ok') return 'border-success/30 bg-success/10 text-success';
  if (isCouldNotCheck(kind)) return 'border-line bg-muted text-ink-muted';
  if (classSeverity[kind] >= classSeverity['soft-not-found']) return 'border-sale/40 bg-sale/10 text-sale';
  if (classSeverity[kind] >= classSeverity['out-of-stock']) return 'border-amber-300 bg-amber-50 text-amber-900';
  return 'border-brand-200 bg-brand-50 text-brand-800';
}

/** The badge's words: the label, plus '(not reported)' for a failing result nobody is told about. */
export function healthText(kind: LinkHealthClass, reported: boolean): string {
  const quiet = !reported && kind !== 'ok' && kind !== 'blocked';
  return quiet ? `${classLabels[kind]} (not reported)` : classLabels[kind];
}

export function HealthBadge({ kind, reported }: { kind: LinkHealthClass; reported: boolean }) {
  return <span className={`inline-flex rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${healthTone(kind)}`}>{healthText(kind, reported)}</span>;
}
