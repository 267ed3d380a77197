import { describe, expect, it } from 'vitest';
import { RequestPacer } from '../../src/server/amazon/pacer.ts';

/** A clock the test moves: sleeping advances it by the time asked, plus `late` ms for the next sleep (a busy machine). */
function fakeClock() {
  const clock = { now: 0, late: 0 };
  const sleep = async (ms: number) => {
    clock.now += ms + clock.late;
    clock.late = 0;
  };
  return { clock, options: { now: () => clock.now, sleep } };
}

describe('RequestPacer', () => {
  it('lets requests start one interval apart', async () => {
    const { clock, options } = fakeClock();
    const pacer = new RequestPacer(1, options);
    const starts: number[] = [];
    for (let i = 0; i < 3; i++) {
      await pacer.take();
      starts.push(clock.now);
    }
    expect(starts).toEqual([0, 1000, 2000]);
  });

  it('keeps a whole interval after a caller that was woken late', async () => {
    const { clock, options } = fakeClock();
    const pacer = new RequestPacer(1, options);
    await pacer.take();
    // The second request's turn is at 1000; its caller wakes 300 ms late, so the third may not start at 2000.
    clock.late = 300;
    await pacer.take();
    const second = clock.now;
    await pacer.take();
    expect(second).toBe(1300);
    expect(clock.now - second).toBeGreaterThanOrEqual(1000);
  });

  it('holds every caller for a 429 Retry-After', async () => {
    const { clock, options } = fakeClock();
    const pacer = new RequestPacer(1, options);
    pacer.hold(5000);
    await pacer.take();
    expect(clock.now).toBeGreaterThanOrEqual(5000);
  });
});
