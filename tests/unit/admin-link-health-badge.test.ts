/** The health badge's words and colours (issue 13, point 3): could-not-check never reads as broken or as a problem. */
import { describe, expect, it } from 'vitest';
import { linkHealthClasses } from '../../src/domain/admin/link-health/classes.ts';
import { healthText, healthTone } from '../../src/islands/admin/link-health/HealthBadge.tsx';

describe('health badge', () => {
  it('says Could not check for blocked and error, never broken', () => {
    for (const kind of ['blocked', 'error'] as const) {
      for (const reported of [true, false]) {
        expect(healthText(kind, reported)).toMatch(/^Could not check/);
        expect(healthText(kind, reported).toLowerCase()).not.toContain('broken');
      }
      expect(healthTone(kind)).not.toContain('sale');
    }
  });

  it('marks a failing result nobody is told about (first failure or acknowledged) as not reported', () => {
    expect(healthText('not-found', true)).toBe('Not found');
    expect(healthText('not-found', false)).toBe('Not found (not reported)');
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
