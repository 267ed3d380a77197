/**
 * A conversion postback from a network (issue 14, point 3), from the request to the stored conversion:
 *
 *   known network name → per-network-and-address rate limit → the network's row → token (constant time)
 *   → body (query, form or JSON, at most 16 KB) → HMAC signature and its signed `ts` when the network has a secret
 *   → parsePostback
 *   → recordConversion (idempotent on network and transaction id).
 *
 * Every refusal is decided before anything is stored. No input makes it throw: bad input is a 4xx, and a database
 * failure is a 503, which networks treat as "try again later" (a 500 would say the same, but would also be our bug).
 * The token is never logged: it is the whole of the network's credential.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { revenueNetworks } from '../../../db/schema.ts';
import { SIGNATURE_HEADER, SIGNATURE_PARAMETER } from '../../domain/admin/revenue-networks.ts';
import { parsePostback, postbackNetworks, type PostbackNetwork } from '../../domain/revenue/postback.ts';
import { MAX_POSTBACK_BODY_BYTES, postbackBodyKind, postbackPairs, postbackRateLimitRule } from '../../domain/revenue/postback-request.ts';
import { checkPostbackTime, POSTBACK_TIME_PARAMETER } from '../../domain/revenue/postback-time.ts';
import { postbackTokenMatches, signatureMatches } from '../../domain/revenue/signature.ts';
import { json, jsonError, readBodyText } from '../http.ts';
import { hitRateLimit, tooManyRequests } from '../rate-limit.ts';
import { ConversionConflict, recordConversion } from './conversions.ts';

export interface PostbackTarget {
  network: string | undefined;
  token: string | undefined;
  clientAddress: string;
}

const TITLE = 'Invalid postback';

/**
 * 404, not 401 or 403, for an unknown network, a network not configured and a wrong token alike: the answer must not
 * tell a prober which networks are set up here, and a URL with a wrong secret in it is, to its caller, a URL that
 * does not exist.
 */
const notFound = () => jsonError(404, 'Not found', 'There is no postback endpoint at this address.');

const unavailable = () =>
  jsonError(503, 'Postback not recorded', 'The conversion could not be stored right now; send it again later.', { headers: { 'retry-after': '60' } });

function isPostbackNetwork(value: string | undefined): value is PostbackNetwork {
  return (postbackNetworks as readonly string[]).includes(value ?? '');
}

type Body = { kind: 'none' } | { kind: 'form'; text: string } | { kind: 'json'; value: unknown };

async function readPostbackBody(request: Request): Promise<Body | Response> {
  if (request.method !== 'POST') return { kind: 'none' };
  const kind = postbackBodyKind(request.headers.get('content-type'), request.body !== null);
  if (kind === 'unsupported') {
    return jsonError(415, 'Unsupported content type', 'Send the postback as a query string, a form (application/x-www-form-urlencoded) or JSON.');
  }
  if (kind === 'none') return { kind: 'none' };
  const body = await readBodyText(request, MAX_POSTBACK_BODY_BYTES);
  if (!body.ok) {
    return body.reason === 'too-large'
      ? jsonError(413, TITLE, `The postback body is too large: it must be at most ${MAX_POSTBACK_BODY_BYTES / 1024} KB.`)
      : jsonError(400, TITLE, 'The postback body is not UTF-8 text.');
  }
  if (kind === 'form') return { kind, text: body.text };
  // A JSON postback with an empty body is a POST whose fields are all in the query string.
  if (body.text.trim() === '') return { kind: 'none' };
  try {
    return { kind, value: JSON.parse(body.text) as unknown };
  } catch {
    return jsonError(400, TITLE, 'The postback body is not valid JSON.');
  }
}

export async function receivePostback(database: () => Database, request: Request, target: PostbackTarget): Promise<Response> {
  const { network, token } = target;
  // Unknown names are refused before the database is touched: a scan of names costs nothing.
  if (!isPostbackNetwork(network) || !token) return notFound();

  let stored: { tokenHash: string; signatureSecret: string | null } | undefined;
  try {
    const db = database();
    const limit = await hitRateLimit(db, postbackRateLimitRule(network), target.clientAddress);
    if (!limit.allowed) return tooManyRequests('Too many postbacks', 'This address sent too many postbacks for this network; send them again later.', limit.retryAfterSeconds);
    stored = await db.run((handle) =>
      handle.select({ tokenHash: revenueNetworks.tokenHash, signatureSecret: revenueNetworks.signatureSecret }).from(revenueNetworks).where(eq(revenueNetworks.network, network)).get(),
    );
  } catch (error) {
    console.error('Postback not checked:', error instanceof Error ? error.message : String(error));
    return unavailable();
  }
  if (!stored || !postbackTokenMatches(token, stored.tokenHash)) return notFound();

  const body = await readPostbackBody(request);
  if (body instanceof Response) return body;
  const pairs = postbackPairs(new URL(request.url).searchParams, body);
  if (!pairs.ok) return jsonError(400, TITLE, pairs.error.message);

  let signedAt: Date | undefined;
  if (stored.signatureSecret !== null) {
    // The header wins over the parameter when both are sent; the parameter itself is never part of what is signed.
    const presented = request.headers.get(SIGNATURE_HEADER) ?? pairs.pairs.find(([name]) => name === SIGNATURE_PARAMETER)?.[1];
    if (!signatureMatches(stored.signatureSecret, pairs.pairs, presented, SIGNATURE_PARAMETER)) {
      return jsonError(401, 'Invalid signature', `The ${SIGNATURE_HEADER} header or ${SIGNATURE_PARAMETER} parameter is not the HMAC-SHA256 of the parameters.`);
    }
    // Checked after the signature, so only the network can be told about its clock.
    const time = checkPostbackTime(pairs.pairs.find(([name]) => name === POSTBACK_TIME_PARAMETER)?.[1], Date.now());
    if (!time.ok) return jsonError(401, 'Invalid signature', time.message);
    signedAt = time.signedAt;
  }

  const parsed = parsePostback(network, new URLSearchParams(pairs.pairs));
  if (!parsed.ok) return jsonError(400, TITLE, parsed.error.message);

  try {
    const recorded = await recordConversion(database(), { network, ...parsed.value, saleCents: parsed.value.saleAmountCents, source: 'postback', signedAt });
    // A repeat answers 200 'unchanged', never an error: a network retries whatever is not 2xx.
    return json({ outcome: recorded.outcome, conversionId: recorded.conversionId });
  } catch (error) {
    if (error instanceof ConversionConflict) return jsonError(409, TITLE, error.message);
    console.error(`Postback from ${network} not recorded:`, error instanceof Error ? error.message : String(error));
    return unavailable();
  }
}
