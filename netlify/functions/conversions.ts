/**
 * GET or POST /api/conversions/:network/:token → 200 { outcome: created|updated|unchanged, conversionId }: a network's
 * conversion postback (issue 14, point 3). Parameters come in the query string, a form body or a JSON body (other
 * types 415, bodies over 16 KB 413). 404 for an unknown or unconfigured network and for a wrong token alike; 401 for
 * a missing or wrong signature on a network with a signing secret (X-Signature header, else a `signature` parameter:
 * hex HMAC-SHA256 of the other parameters, see canonicalParameters); 400 naming the bad field; 429 past the rate
 * limit; 503 when the database fails, so the network retries. The steps are in src/server/revenue/postbacks.ts.
 *
 * No browser CSRF guard (guardStateChange) here, unlike every other write: networks call from their own servers,
 * some through tools that send an Origin or Sec-Fetch-Site of their own, and refusing those would lose real sales.
 * The guard protects a browser's ambient session cookie; this endpoint reads no cookie and changes state only for a
 * caller that holds the network's secret token, which a forged cross-site request cannot know.
 */
import { getDatabase } from '../../src/server/db.ts';
import { clientAddress, methodNotAllowed } from '../../src/server/http.ts';
import { receivePostback } from '../../src/server/revenue/postbacks.ts';

export const config = { path: '/api/conversions/:network/:token' };

export default async (request: Request, context?: { ip?: string; params?: Record<string, string | undefined> }): Promise<Response> => {
  if (request.method !== 'GET' && request.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
  return receivePostback(getDatabase, request, {
    network: context?.params?.network,
    token: context?.params?.token,
    clientAddress: clientAddress(request, context),
  });
};
