/** The health badge's words and colours (issue 13, point 3): could-not-check never reads as broken or as a problem. */
import { describe, expect, it } from 'vitest';
import { linkHealthClasses, type LinkHealthClass } from '../../src/domain/admin/link-health/classes.ts';
import { nextHealthState, type LinkHealthState } from '../../src/domain/admin/link-health/state.ts';
import { healthStatusLabel, needsAttention } from '../../src/domain/admin/link-health/status.ts';
import { healthTone } from '../../src/islands/admin/link-health/HealthBadge.tsx';

const healthText = (kind: LinkHealthClass, flagged: boolean, acknowledged = false) => healthStatusLabel({ class: kind, flagged, acknowledged });

describe('health badge', () => {
  it('says Could not check for blocked and error, never broken', () => {
    for (const kind of ['blocked', 'error'] as const) {
      for (const flagged of [true, false]) {
        expect(healthText(kind, flagged)).toMatch(/^Could not check/);
        expect(healthText(kind, flagged).toLowerCase()).not.toContain('broken');
        expect(needsAttention({ class: kind, flagged, acknowledged: false })).toBe(false);
      }
      expect(healthTone(kind)).not.toContain('sale');
    }
  });

  it('a 404 or 410 is broken at once: unconfirmed after the first check, confirmed by the second', () => {
    const check = (previous: LinkHealthState | undefined, at: number) =>
      nextHealthState(previous, { class: 'not-found', finalUrl: null }, new Date(Date.UTC(2026, 0, 1, at)));
    const first = check(undefined, 0);
    const status = (state: LinkHealthState) => ({ class: state.lastClass, flagged: state.flagged, acknowledged: false });
    expect(healthStatusLabel(status(first))).toBe('Broken (unconfirmed)');
    expect(needsAttention(status(first))).toBe(true);
    const second = check(first, 1);
    expect(healthStatusLabel(status(second))).toBe('Broken');
    expect(needsAttention(status(second))).toBe(true);
    expect(healthText('soft-not-found', false)).toBe('Broken (unconfirmed)');
  });

  it('other failures say unconfirmed until flagged, and an acknowledged result says so and needs nobody', () => {
    expect(healthText('out-of-stock', false)).toBe('Out of stock (unconfirmed)');
    expect(needsAttention({ class: 'out-of-stock', flagged: false, acknowledged: false })).toBe(false);
    expect(healthText('out-of-stock', true)).toBe('Out of stock');
    expect(healthText('not-found', true, true)).toBe('Broken (acknowledged)');
    expect(needsAttention({ class: 'not-found', flagged: true, acknowledged: true })).toBe(false);
    expect(healthText('ok', false)).toBe('OK');
    // A blocked link is never reported, so saying so would only add noise.
    expect(healthText('blocked', false)).toBe('Could not check (blocked)');
  });

  it('colours by severity: dead links red, lost tag and stock amber, OK green', () => {
    expect(healthTone('not-found')).toContain('text-sale');
    expect(healthTone('soft-not-found')).toContain('text-sale');
    expect(healthTone('tag-lost')).toContain('text-amber-900');
    expect(healthTone('out-of-stock')).toContain('text-amber-900');
    expect(healthTone('ok')).toContain('text-success');
    for (const kind of linkHealthClasses) expect(healthTone(kind)).toMatch(/text-/);
  });
});
