/**
 * How a postback request's parts become the parameters parsePostback reads and a signature covers (issue 14, point 3).
 *
 * Networks send the same parameters three ways: in the query string of a GET, or a POST whose body is a form
 * (application/x-www-form-urlencoded) or JSON. The query string of a POST counts too (Awin and Impact let the URL carry
 * some macros and the body others). Every way ends as one list of (name, text) pairs in the order sent, so the
 * signature is computed over exactly what parsePostback reads, and a repeated name stays visible to it.
 */
import type { RateLimitRule } from '../rate-limit.ts';
import type { PostbackError } from './postback.ts';

export type PostbackBodyKind = 'none' | 'form' | 'json' | 'unsupported';

/** What a POST's Content-Type says about its body; a body with no type at all is refused like an unknown one. */
export function postbackBodyKind(contentType: string | null, hasBody: boolean): PostbackBodyKind {
  if (!contentType) return hasBody ? 'unsupported' : 'none';
  const mediaType = contentType.split(';', 1)[0]!.trim().toLowerCase();
  if (mediaType === 'application/x-www-form-urlencoded') return 'form';
  if (mediaType === 'application/json' || /^application\/[\w.+-]+\+json$/.test(mediaType)) return 'json';
  return 'unsupported';
}

export type PostbackPairs = { ok: true; pairs: [string, string][] } | { ok: false; error: PostbackError };

const MAX_PAIRS = 200;
const objectMessage = 'The postback must be an object of at most 200 parameters.';

/**
 * The query's pairs followed by the body's. A JSON body must be one object whose values are strings, numbers,
 * booleans or null (null is left out, as an unfilled field); anything nested is refused, never flattened by guess.
 */
export function postbackPairs(query: URLSearchParams, body: { kind: 'none' } | { kind: 'form'; text: string } | { kind: 'json'; value: unknown }): PostbackPairs {
  const pairs: [string, string][] = [...query];
  if (body.kind === 'form') pairs.push(...new URLSearchParams(body.text));
  if (body.kind === 'json') {
    const value = body.value;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, error: { field: 'parameters', message: objectMessage } };
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length > MAX_PAIRS) return { ok: false, error: { field: 'parameters', message: objectMessage } };
    for (const [name, item] of entries) {
      if (item === null) continue;
      if (typeof item === 'string') pairs.push([name, item]);
      else if (typeof item === 'number' || typeof item === 'boolean') pairs.push([name, String(item)]);
      else return { ok: false, error: { field: 'parameters', message: `The parameter ${name.slice(0, 40)} is not a single value.` } };
    }
  }
  if (pairs.length > MAX_PAIRS) return { ok: false, error: { field: 'parameters', message: 'The postback has more than 200 parameters.' } };
  return { ok: true, pairs };
}

/**
 * Postbacks a network may send from one address in a minute, counted per network and address before the token is
 * looked at. A network's server sending a day's approvals at once stays far below it; a flood of guessed tokens
 * costs one counter row (rate_limits keeps one per rule and client) and then a 429, and stores nothing either way.
 */
export const POSTBACK_RATE_LIMIT = { max: 600, windowMs: 60_000 } as const;

export function postbackRateLimitRule(network: string): RateLimitRule {
  return { name: `postback-${network}`, ...POSTBACK_RATE_LIMIT };
}

/** Bodies are a few hundred bytes of macros; 16 KB leaves room for a generous JSON body and refuses anything else. */
export const MAX_POSTBACK_BODY_BYTES = 16 * 1024;
