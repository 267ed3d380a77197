/**
 * The signed time of a postback. A signature alone proves who wrote a URL, not when: a captured signed URL
 * ("approved") could be sent again after the network reversed the sale, and would put the commission back. So a
 * network set up to sign also sends `ts`, the Unix time in whole seconds when it sent the postback, inside what the
 * signature covers (canonicalParameters covers every parameter but the signature). The server then:
 * - refuses a `ts` more than 15 minutes from its own clock either way (a stale capture; a clock badly off), as
 *   Stripe's and Slack's signed webhooks refuse old timestamps (they allow 5 minutes; 15 leaves room for a network's
 *   delivery queue and clock drift, as AWS's signed requests do);
 * - refuses, for a transaction, a signed postback older than the newest one already applied to it, so a replay inside
 *   the window cannot undo a later change either (conversions.signed_at).
 * Networks without a signing secret (most: Impact, Awin) send no `ts` and are not asked for one: their URL's token is
 * the whole credential.
 */
export const POSTBACK_TIME_PARAMETER = 'ts';
export const POSTBACK_TIME_WINDOW_MS = 15 * 60_000;

export type PostbackTime = { ok: true; signedAt: Date } | { ok: false; message: string };

/** The signed time of a postback from its `ts` value (undefined when absent), checked against `now`. */
export function checkPostbackTime(text: string | undefined, now: number): PostbackTime {
  if (text === undefined || text.trim() === '') {
    return { ok: false, message: `The ${POSTBACK_TIME_PARAMETER} parameter is missing: a signed postback must carry the time it was sent (Unix seconds), signed with the rest.` };
  }
  const value = text.trim();
  if (!/^\d{1,11}$/.test(value)) return { ok: false, message: `The ${POSTBACK_TIME_PARAMETER} parameter must be the time the postback was sent, in whole Unix seconds.` };
  const signedAt = Number(value) * 1000;
  if (Math.abs(signedAt - now) > POSTBACK_TIME_WINDOW_MS) {
    return {
      ok: false,
      message: `The ${POSTBACK_TIME_PARAMETER} parameter is more than ${POSTBACK_TIME_WINDOW_MS / 60_000} minutes from the server's time: a postback is applied only when it is sent.`,
    };
  }
  return { ok: true, signedAt: new Date(signedAt) };
}

/** Whether a signed postback of `signedAt` may change a conversion whose newest applied signed postback is `stored`. */
export function isNewerOrSame(signedAt: Date, stored: Date | null): boolean {
  return stored === null || signedAt.getTime() >= stored.getTime();
}
