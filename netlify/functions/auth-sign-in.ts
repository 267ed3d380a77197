/**
 * POST /api/auth/sign-in { email, password } → { user }, a session cookie and a device cookie.
 * 401 for a wrong password or an unknown e-mail alike; 429 with Retry-After while the account (for this
 * browser) is throttled or the client's address has made too many tries.
 */
import { authMessages, signInSchema } from '../../src/domain/auth.ts';
import { rateLimits } from '../../src/domain/rate-limit.ts';
import { signIn } from '../../src/server/accounts.ts';
import { getDatabase } from '../../src/server/db.ts';
import { deviceCookie, readDeviceToken } from '../../src/server/device-cookie.ts';
import { env } from '../../src/server/env.ts';
import { clientAddress, guardStateChange, json, jsonError, methodNotAllowed, readJson, requireJson } from '../../src/server/http.ts';
import { hitRateLimit, tooManyRequests } from '../../src/server/rate-limit.ts';
import { sessionCookie } from '../../src/server/session.ts';

export const config = { path: '/api/auth/sign-in' };

/** Spec section 8: the sign-in failure toast's title, with the server's message. */
const TITLE = 'Authentication failed';

export default async (request: Request, context?: { ip?: string }): Promise<Response> => {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const refused = guardStateChange(request, { siteUrl: env().SITE_URL }) ?? requireJson(request);
  if (refused) return refused;
  const database = getDatabase();
  const limit = await hitRateLimit(database, rateLimits.signIn, clientAddress(request, context));
  if (!limit.allowed) return tooManyRequests(TITLE, authMessages.tooManySignIns(limit.retryAfterSeconds), limit.retryAfterSeconds);
  const input = await readJson(request, signInSchema, { title: TITLE });
  if (input instanceof Response) return input;

  const outcome = await signIn(database, input, { deviceToken: readDeviceToken(request) });
  if (!outcome.ok && outcome.reason === 'throttled') {
    return tooManyRequests(TITLE, authMessages.throttled(outcome.retryAfterSeconds), outcome.retryAfterSeconds);
  }
  if (!outcome.ok) return jsonError(401, TITLE, authMessages.invalidCredentials);
  const headers = new Headers();
  headers.append('set-cookie', sessionCookie(outcome.token, outcome.expiresAt, request.url));
  headers.append('set-cookie', deviceCookie(outcome.deviceToken, request.url));
  return json({ user: outcome.user }, { headers });
};
