import { describe, expect, it } from 'vitest';
import { checkPostbackTime, isNewerOrSame, POSTBACK_TIME_WINDOW_MS } from '../../src/domain/revenue/postback-time.ts';

const now = Date.UTC(2026, 10, 27, 12, 0, 0);
const seconds = (ms: number) => String(Math.floor(ms / 1000));

describe('the signed time of a postback', () => {
  it('is accepted within 15 minutes of the server’s clock, either way', () => {
    expect(checkPostbackTime(seconds(now), now)).toEqual({ ok: true, signedAt: new Date(now) });
    expect(checkPostbackTime(seconds(now - POSTBACK_TIME_WINDOW_MS), now)).toMatchObject({ ok: true });
    expect(checkPostbackTime(` ${seconds(now + POSTBACK_TIME_WINDOW_MS)} `, now)).toMatchObject({ ok: true });
  });

  it('is refused further off, saying why', () => {
    const off = { ok: false, message: "The ts parameter is more than 15 minutes from the server's time: a postback is applied only when it is sent." };
    expect(checkPostbackTime(seconds(now - POSTBACK_TIME_WINDOW_MS - 1000), now)).toEqual(off);
    expect(checkPostbackTime(seconds(now + POSTBACK_TIME_WINDOW_MS + 1000), now)).toEqual(off);
    expect(checkPostbackTime('0', now)).toEqual(off);
  });

  it('must be there, in whole Unix seconds', () => {
    expect(checkPostbackTime(undefined, now)).toMatchObject({ ok: false, message: expect.stringMatching(/^The ts parameter is missing/) });
    expect(checkPostbackTime('', now)).toMatchObject({ ok: false, message: expect.stringMatching(/^The ts parameter is missing/) });
    for (const text of ['1764244800.5', '-1', '1e9', '2026-11-27T12:00:00Z', String(now)]) {
      expect(checkPostbackTime(text, now), text).toMatchObject({ ok: false });
    }
  });

  it('orders postbacks of one transaction: an older one may not follow a newer one, the same one may', () => {
    expect(isNewerOrSame(new Date(now), null)).toBe(true);
    expect(isNewerOrSame(new Date(now), new Date(now))).toBe(true);
    expect(isNewerOrSame(new Date(now + 1000), new Date(now))).toBe(true);
    expect(isNewerOrSame(new Date(now - 1000), new Date(now))).toBe(false);
  });
});
