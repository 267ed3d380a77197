/**
 * POST /api/track { productId, event: 'view' | 'click', clickId?, pagePath?, network? } → 204 once the
 * event is valid; it is written after the answer (src/server/track-writer.ts), where declared bots, prefetch and
 * prerender requests, repeats, unknown products and clients past the per-address cap are left out. sendBeacon-friendly (ARCHITECTURE
 * section 6): the body may come as text/plain, which is what navigator.sendBeacon sends for a string,
 * or as JSON; cross-site requests are refused. At most 1 KB of the body is read, whatever the headers say.
 */
import { isLikelyBot, isPrefetchRequest, trackedPagePath, trackRequestSchema } from '../../src/domain/tracking.ts';
import { getDatabase } from '../../src/server/db.ts';
import { env } from '../../src/server/env.ts';
import { clientAddress, guardStateChange, isJsonContentType, jsonError, methodNotAllowed, noContent, readJson } from '../../src/server/http.ts';
import { enqueueTrackEvent } from '../../src/server/track-writer.ts';

export const config = { path: '/api/track' };

/** An event is a few dozen bytes; anything far larger is not one. */
const MAX_BODY_BYTES = 1024;
const TITLE = 'Invalid tracking event';

function acceptsBody(request: Request): Response | undefined {
  const contentType = request.headers.get('content-type');
  const plainText = contentType?.split(';', 1)[0]!.trim().toLowerCase() === 'text/plain';
  if (!plainText && !isJsonContentType(contentType)) {
    return jsonError(415, 'Unsupported content type', 'Send the event as JSON (text/plain or application/json).');
  }
  return undefined;
}

export default async (request: Request, context?: { ip?: string; waitUntil?: (promise: Promise<unknown>) => void }): Promise<Response> => {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const refused = guardStateChange(request, { siteUrl: env().SITE_URL }) ?? acceptsBody(request);
  if (refused) return refused;
  const input = await readJson(request, trackRequestSchema, { title: TITLE, maxBytes: MAX_BODY_BYTES });
  if (input instanceof Response) return input;

  // The page path is checked here, not trusted: a path of this site, no query, capped (trackedPagePath).
  const pagePath = input.pagePath === undefined ? null : trackedPagePath(input.pagePath);
  if (input.pagePath !== undefined && pagePath === null) {
    return jsonError(422, TITLE, 'pagePath must be a path on this site (no query string, at most 300 characters).');
  }

  const userAgent = request.headers.get('user-agent');
  // Self-declared bots, and prefetches and prerenders nobody may ever look at, are never counted or queued.
  if (isLikelyBot(userAgent) || isPrefetchRequest(request.headers)) return noContent();
  // Written after the answer (src/server/track-writer.ts): the rate limit, an unknown product and the repeat window
  // are applied there, and the answer is 204 whatever becomes of the event.
  const written = enqueueTrackEvent(getDatabase(), {
    productId: input.productId,
    event: input.event,
    clickId: input.clickId,
    pagePath,
    clientAddress: clientAddress(request, context),
    userAgent,
    now: Date.now(),
  });
  if (context?.waitUntil) context.waitUntil(written);
  else await written;
  return noContent();
};
