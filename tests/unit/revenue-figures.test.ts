import { describe, expect, it } from 'vitest';
import {
  NO_FIGURE,
  changeAgainst,
  clickThroughRate,
  conversionRate,
  earningsPerClickCents,
  formatPercent,
  periodChanges,
  periodFigures,
  previousPeriod,
  revenuePerThousandViewsCents,
  roundedDivision,
} from '../../src/domain/revenue/figures.ts';

describe('rates from integer counts', () => {
  it('CTR is clicks per view and conversion rate conversions per click', () => {
    expect(clickThroughRate(21, 400)).toBe(0.0525);
    expect(conversionRate(3, 21)).toBeCloseTo(0.142857, 6);
  });

  it('answers null, never 0 or Infinity, when the denominator is zero', () => {
    expect(clickThroughRate(0, 0)).toBeNull();
    expect(clickThroughRate(5, 0)).toBeNull();
    expect(conversionRate(0, 0)).toBeNull();
    expect(earningsPerClickCents(100, 0)).toBeNull();
    expect(revenuePerThousandViewsCents(100, 0)).toBeNull();
    expect(changeAgainst(10, 0)).toBeNull();
    expect(changeAgainst(0, 0)).toBeNull();
  });

  it('no rate is ever above 100 %: a click converts at most once, and CTR counts only clicks through a view', () => {
    // Five buys after two clicks (one basket): every sale counts as a conversion, but the rate is 2 of 2 clicks.
    expect(conversionRate(5, 2)).toBe(1);
    // A guard only: viewed clicks never outnumber views by construction (src/server/tracking.ts).
    expect(clickThroughRate(5, 4)).toBe(1);
    // 4 clicks on 1 view (3 of them from a blog post) read 400 % before; the period's CTR uses the viewed clicks.
    expect(periodFigures({ views: 1, clicks: 4, viewedClicks: 1, conversions: 0, commissionCents: 0 }).clickThroughRate).toBe(1);
    expect(periodFigures({ views: 4, clicks: 4, viewedClicks: 0, conversions: 9, commissionCents: 0 })).toMatchObject({ clickThroughRate: 0, conversionRate: 1 });
    for (let views = 0; views < 6; views++) {
      for (let clicks = 0; clicks < 6; clicks++) {
        for (const rate of [clickThroughRate(clicks, views), conversionRate(clicks + 3, views)]) if (rate !== null) expect(rate).toBeLessThanOrEqual(1);
      }
    }
  });

  it('zero numerators are zero, not null', () => {
    expect(clickThroughRate(0, 10)).toBe(0);
    expect(earningsPerClickCents(0, 10)).toBe(0);
    expect(revenuePerThousandViewsCents(0, 10)).toBe(0);
  });
});

describe('money per unit in whole cents, half away from zero, with integer arithmetic', () => {
  it('EPC: commission cents per click', () => {
    expect(earningsPerClickCents(1000, 3)).toBe(333);
    expect(earningsPerClickCents(1000, 6)).toBe(167);
    expect(earningsPerClickCents(1, 2)).toBe(1);
    expect(earningsPerClickCents(-1, 2)).toBe(-1);
  });

  it('RPM: commission cents per 1,000 views', () => {
    expect(revenuePerThousandViewsCents(6173, 12_000)).toBe(514);
    expect(revenuePerThousandViewsCents(1, 2000)).toBe(1);
    expect(revenuePerThousandViewsCents(1, 2001)).toBe(0);
  });

  it('roundedDivision rounds exact halves away from zero', () => {
    expect(roundedDivision(5, 2)).toBe(3);
    expect(roundedDivision(-5, 2)).toBe(-3);
    expect(roundedDivision(7, 4)).toBe(2);
    expect(roundedDivision(-1, 3)).toBe(0);
    expect(Object.is(roundedDivision(-1, 3), -0)).toBe(false);
    expect(roundedDivision(1, -2)).toBeNull();
    expect(roundedDivision(1.5, 2)).toBeNull();
  });
});

describe('change against the previous period', () => {
  it('is (current − previous) / previous', () => {
    expect(changeAgainst(125, 100)).toBe(0.25);
    expect(changeAgainst(50, 100)).toBe(-0.5);
    expect(changeAgainst(0, 100)).toBe(-1);
    expect(changeAgainst(-50, -100)).toBe(0.5);
  });

  it('for every figure of a period, null where either side has none', () => {
    const current = periodFigures({ views: 400, clicks: 20, conversions: 2, commissionCents: 1000 });
    const previous = periodFigures({ views: 0, clicks: 0, conversions: 0, commissionCents: 0 });
    expect(current).toEqual({
      views: 400,
      clicks: 20,
      conversions: 2,
      commissionCents: 1000,
      clickThroughRate: 0.05,
      conversionRate: 0.1,
      earningsPerClickCents: 50,
      revenuePerThousandViewsCents: 2500,
    });
    const changes = periodChanges(current, previous);
    expect(Object.values(changes).every((value) => value === null)).toBe(true);
    const earlier = periodFigures({ views: 200, clicks: 20, conversions: 1, commissionCents: 500 });
    expect(periodChanges(current, earlier)).toEqual({
      views: 1,
      clicks: 0,
      conversions: 1,
      commissionCents: 1,
      clickThroughRate: -0.5,
      conversionRate: 1,
      earningsPerClickCents: 1,
      revenuePerThousandViewsCents: 0,
    });
  });
});

describe('display', () => {
  it('percent at one decimal, half away from zero; no figure as a dash', () => {
    expect(formatPercent(0.0525)).toBe('5.3%');
    expect(formatPercent(-0.0525)).toBe('-5.3%');
    expect(formatPercent(0.05)).toBe('5.0%');
    expect(formatPercent(1)).toBe('100.0%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(null)).toBe(NO_FIGURE);
    expect(NO_FIGURE).toBe('—');
  });

  it('the previous period has the same length and ends the day before', () => {
    expect(previousPeriod('2026-03-01', '2026-03-30')).toEqual({ from: '2026-01-30', to: '2026-02-28' });
    expect(previousPeriod('2026-01-01', '2026-01-07')).toEqual({ from: '2025-12-25', to: '2025-12-31' });
    expect(previousPeriod('2026-05-05', '2026-05-05')).toEqual({ from: '2026-05-04', to: '2026-05-04' });
    expect(previousPeriod('2026-05-06', '2026-05-05')).toBeNull();
    expect(previousPeriod('2025-02-30', '2025-03-05')).toBeNull();
    expect(previousPeriod('yesterday', '2025-03-05')).toBeNull();
  });
});
