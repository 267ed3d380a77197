/**
 * POST /api/track { productId, event: 'view' | 'click', clickId?, pagePath?, network? } → 204 (counted or
 * deliberately not: declared bots, prefetch and prerender requests, repeats), 404 for
 * an unknown product, 429 with Retry-After past the per-client cap. sendBeacon-friendly (ARCHITECTURE
 * section 6): the body may come as text/plain, which is what navigator.sendBeacon sends for a string,
 * or as JSON; cross-site requests are refused. At most 1 KB of the body is read, whatever the headers say.
 */
import { rateLimits } from '../../src/domain/rate-limit.ts';
import { isLikelyBot, isPrefetchRequest, trackedPagePath, trackRequestSchema } from '../../src/domain/tracking.ts';
import { getDatabase } from '../../src/server/db.ts';
import { env } from '../../src/server/env.ts';
import { clientAddress, guardStateChange, isJsonContentType, jsonError, methodNotAllowed, noContent, readJson } from '../../src/server/http.ts';
import { hitRateLimit, tooManyRequests } from '../../src/server/rate-limit.ts';
import { recordTrackEvent } from '../../src/server/tracking.ts';

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

export default async (request: Request, context?: { ip?: string }): Promise<Response> => {
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

  const address = clientAddress(request, context);
  const userAgent = request.headers.get('user-agent');
  // Self-declared bots, and prefetches and prerenders nobody may ever look at, are never counted, so they need not
  // spend (or be charged) a rate-limit write.
  if (isLikelyBot(userAgent) || isPrefetchRequest(request.headers)) return noContent();
  try {
    const database = getDatabase();
    const limit = await hitRateLimit(database, rateLimits.track, address);
    if (!limit.allowed) return tooManyRequests('Too many events', 'This client sent too many tracking events; they are not counted for now.', limit.retryAfterSeconds);
    const outcome = await recordTrackEvent(database, { productId: input.productId, event: input.event, clickId: input.clickId, pagePath, clientAddress: address, userAgent });
    if (outcome === 'not-found') return jsonError(404, 'Product not found', 'The requested product could not be found or is not available');
    return noContent();
  } catch (error) {
    // Tracking never breaks a page (spec section 8: failures are swallowed); say so honestly instead of a 500.
    console.error('Tracking failed:', error);
    return jsonError(503, 'Tracking unavailable', 'The event could not be recorded right now.');
  }
};
