/**
 * What the admin panel calls a link's state, in one place for the Products table, the overview and the dialog, so the
 * three never say different things about one result.
 *
 * - A page answering 404 or 410 (not-found) or a "this product is gone" page (soft-not-found) is *broken*. It shows at
 *   once, after one check, as 'Broken (unconfirmed)', and as 'Broken' once the second check in a row agrees (the flag
 *   rule of state.ts), because a single bad answer can be a retailer's bad minute.
 * - Any other failing class reads its label, with '(unconfirmed)' until it is flagged.
 * - An acknowledged result says so; 'ok' and the 'could not check' classes read their label alone.
 */
import { classLabels, isCouldNotCheck, type LinkHealthClass } from './classes.ts';

export const brokenClasses = ['not-found', 'soft-not-found'] as const satisfies readonly LinkHealthClass[];

export function isBroken(kind: LinkHealthClass): boolean {
  return (brokenClasses as readonly LinkHealthClass[]).includes(kind);
}

export const healthStatusTexts = {
  broken: 'Broken',
  unconfirmed: 'unconfirmed',
  acknowledged: 'acknowledged',
} as const;

export interface HealthStatusInput {
  class: LinkHealthClass;
  flagged: boolean;
  acknowledged: boolean;
}

/** 'Broken (unconfirmed)', 'Broken', 'Out of stock (unconfirmed)', 'Tag lost (acknowledged)', 'OK'… */
export function healthStatusLabel({ class: kind, flagged, acknowledged }: HealthStatusInput): string {
  const label = isBroken(kind) ? healthStatusTexts.broken : classLabels[kind];
  if (kind === 'ok' || isCouldNotCheck(kind)) return label;
  if (flagged && acknowledged) return `${label} (${healthStatusTexts.acknowledged})`;
  return flagged ? label : `${label} (${healthStatusTexts.unconfirmed})`;
}

/** Shown on the overview as needing the owner: reported (flagged, not acknowledged), or broken after one check. */
export function needsAttention({ class: kind, flagged, acknowledged }: HealthStatusInput): boolean {
  return flagged ? !acknowledged && !isCouldNotCheck(kind) : isBroken(kind);
}
