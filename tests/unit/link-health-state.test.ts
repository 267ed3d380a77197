/** The flag rule, the backoff of 'could not check' answers and acknowledgements (issue 13, point 1). */
import { describe, expect, it } from 'vitest';
import { backoffDelayMs, becameFlaggedOutOfStock, healthPolicy, isReported, nextHealthState, type CheckOutcome, type LinkHealthState } from '../../src/domain/admin/link-health/state.ts';

const HOUR = 3_600_000;
const t0 = new Date('2026-11-23T00:00:00Z');
const at = (hours: number) => new Date(t0.getTime() + hours * HOUR);

function sequence(outcomes: CheckOutcome[]): LinkHealthState[] {
  const states: LinkHealthState[] = [];
  outcomes.forEach((outcome, index) => states.push(nextHealthState(states.at(-1), outcome, at(index))));
  return states;
}

describe('flagged only after two failed checks in a row of the same class', () => {
  it('one not-found is not flagged and is checked again within the hour; the second flags it', () => {
    const [first, second] = sequence([{ class: 'not-found', finalUrl: null }, { class: 'not-found', finalUrl: null }]);
    expect(first).toMatchObject({ flagged: false, consecutive: 1, nextCheckAt: at(1) });
    expect(second).toMatchObject({ flagged: true, consecutive: 2 });
    expect(second!.nextCheckAt).toEqual(new Date(at(1).getTime() + healthPolicy.problemIntervalMs));
    expect(isReported(second!)).toBe(true);
  });

  it('two failures of different classes do not flag; an ok in between starts over', () => {
    expect(sequence([{ class: 'not-found', finalUrl: null }, { class: 'soft-not-found', finalUrl: 'https://s.example/' }]).at(-1)!.flagged).toBe(false);
    expect(sequence([{ class: 'tag-lost', finalUrl: 'x' }, { class: 'ok', finalUrl: 'y' }, { class: 'tag-lost', finalUrl: 'x' }]).at(-1)).toMatchObject({
      flagged: false,
      consecutive: 1,
    });
  });

  it('an ok link is checked again a day later', () => {
    expect(sequence([{ class: 'ok', finalUrl: 'https://s.example/p' }])[0]).toMatchObject({ flagged: false, nextCheckAt: at(24), backoffLevel: 0 });
  });
});

describe('blocked: retried with exponential backoff, never flagged', () => {
  it('1 h, 2 h, 4 h, 8 h … and never flagged however many times', () => {
    const states = sequence(Array.from({ length: 12 }, () => ({ class: 'blocked' as const, finalUrl: null })));
    expect(states.map((state) => state.flagged)).toEqual(Array(12).fill(false));
    expect(states.slice(0, 4).map((state, index) => state.nextCheckAt.getTime() - at(index).getTime())).toEqual([HOUR, 2 * HOUR, 4 * HOUR, 8 * HOUR]);
    expect(states.at(-1)!.nextCheckAt.getTime() - at(11).getTime()).toBe(healthPolicy.backoffMaxMs);
    expect(backoffDelayMs(30)).toBe(healthPolicy.backoffMaxMs);
  });

  it("waits at least the retailer's Retry-After", () => {
    const [state] = sequence([{ class: 'blocked', finalUrl: null, retryAfterMs: 5 * HOUR }]);
    expect(state!.nextCheckAt).toEqual(at(5));
  });

  it('a blocked answer between two out-of-stock answers does not make them "in a row"', () => {
    const states = sequence([
      { class: 'out-of-stock', finalUrl: 'u' },
      { class: 'blocked', finalUrl: null },
      { class: 'out-of-stock', finalUrl: 'u' },
    ]);
    expect(states.at(-1)!.flagged).toBe(false);
  });

  it('an error backs off too but is flagged when it repeats (a host that stays down)', () => {
    const [first, second] = sequence([{ class: 'error', finalUrl: null }, { class: 'error', finalUrl: null }]);
    expect(first!.flagged).toBe(false);
    expect(second).toMatchObject({ flagged: true, backoffLevel: 2 });
  });
});

describe('acknowledgement silences a result until it changes', () => {
  const flaggedRedirect = sequence([
    { class: 'redirected', finalUrl: 'https://s.example/new' },
    { class: 'redirected', finalUrl: 'https://s.example/new' },
  ]).at(-1)!;
  const acknowledged: LinkHealthState = { ...flaggedRedirect, acknowledgedClass: 'redirected', acknowledgedFinalUrl: 'https://s.example/new' };

  it('the same class and final URL stay acknowledged and unreported', () => {
    const next = nextHealthState(acknowledged, { class: 'redirected', finalUrl: 'https://s.example/new' }, at(30));
    expect(next).toMatchObject({ flagged: true, acknowledgedClass: 'redirected' });
    expect(isReported(next)).toBe(false);
  });

  it('another final URL, or another class, drops the acknowledgement', () => {
    const moved = nextHealthState(acknowledged, { class: 'redirected', finalUrl: 'https://s.example/search?q=x' }, at(30));
    expect(moved.acknowledgedClass).toBeNull();
    const gone = nextHealthState(acknowledged, { class: 'not-found', finalUrl: null }, at(30));
    expect(gone).toMatchObject({ acknowledgedClass: null, flagged: false });
  });
});

describe('auto out of stock acts once, when the flag is raised', () => {
  it('on the second out-of-stock answer only', () => {
    const states = sequence([
      { class: 'out-of-stock', finalUrl: 'u' },
      { class: 'out-of-stock', finalUrl: 'u' },
      { class: 'out-of-stock', finalUrl: 'u' },
    ]);
    expect([undefined, ...states].slice(0, 3).map((previous, index) => becameFlaggedOutOfStock(previous, states[index]!))).toEqual([false, true, false]);
  });
});
