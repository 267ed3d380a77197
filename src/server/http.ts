/**
 * HTTP helpers shared by every Netlify Function (ARCHITECTURE sections 6 and 7).
 *
 * Everything here is pure over web-standard Request and Response, so the same
 * code runs under `npm start`, `npm run dev` and on Netlify, and unit tests need
 * no server. Guards return a Response to answer with, or undefined to go on:
 *
 *   const refused = guardStateChange(request, { siteUrl }) ?? requireJson(request);
 *   if (refused) return refused;
 *   const body = await readJson(request, Schema);
 *   if (body instanceof Response) return body;
 */
import type { z } from 'zod';

/** The error shape every function answers with; islands show it as a toast unchanged. */
export interface ApiError {
  error: { title: string; description: string };
}

/**
 * Security headers every function answer carries. Netlify applies `_headers` to static files only, never
 * to function answers, so the functions set their own: an API answer is data, never a document to sniff,
 * frame or run scripts in.
 */
export const apiSecurityHeaders: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

// Answers from functions are per-request data: never let a cache keep them unless a function says so.
const jsonDefaults: Readonly<Record<string, string>> = { ...apiSecurityHeaders, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
const noContentDefaults: Readonly<Record<string, string>> = { ...apiSecurityHeaders, 'cache-control': 'no-store' };

/**
 * The headers of `init` with `defaults` added where the function did not set its own. Without headers of its own an
 * answer takes the defaults object as it is, made once rather than per answer (every tracking beacon is one).
 */
function withDefaults(init: HeadersInit | undefined, defaults: Readonly<Record<string, string>>): HeadersInit {
  if (init === undefined) return defaults;
  const headers = new Headers(init);
  for (const [name, value] of Object.entries(defaults)) if (!headers.has(name)) headers.set(name, value);
  return headers;
}

/** A JSON response. `init.headers` may add to or override the defaults. */
export function json(data: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(data), { ...init, headers: withDefaults(init.headers, jsonDefaults) });
}

/**
 * A file download (`Content-Disposition: attachment`) with the API headers, never cached. The body may be a stream:
 * a streamed answer is not held in memory and is not subject to Netlify's 6 MB limit on buffered answers.
 */
export function attachment(body: ReadableStream<Uint8Array> | string, fileName: string, contentType: string): Response {
  const headers = withDefaults(
    {
      'content-type': contentType,
      'content-disposition': `attachment; filename="${fileName.replace(/["\\\r\n]/g, '_')}"`,
      'cache-control': 'no-store',
    },
    apiSecurityHeaders,
  );
  return new Response(body, { status: 200, headers });
}

/**
 * A file that never changes under its URL (its name is its content's hash), for browsers and CDNs to keep: the API's
 * security headers (nosniff above all, so the declared type is the only one a browser uses), its type and length,
 * `cacheControl` for browsers and Netlify's CDN alike, and the hash as its ETag. HEAD gets the headers alone. A
 * stream: Netlify buffers a function's answer only up to 6 MB and streams one of up to 20 MB.
 */
export function immutableFile(request: Request, bytes: Uint8Array, options: { contentType: string; cacheControl: string; etag: string }): Response {
  const headers = withDefaults(
    {
      'content-type': options.contentType,
      'content-length': String(bytes.byteLength),
      'cache-control': options.cacheControl,
      'netlify-cdn-cache-control': options.cacheControl,
      etag: `"${options.etag}"`,
    },
    apiSecurityHeaders,
  );
  const body = request.method === 'HEAD' ? null : new Blob([bytes as Uint8Array<ArrayBuffer>]).stream();
  return new Response(body, { status: 200, headers });
}

/** The bare 204, made once: a clone costs a fifth of a new Response, whose headers are checked one by one. */
const plainNoContent = new Response(null, { status: 204, headers: noContentDefaults });

/** 204 No Content with the API headers; never cached. Each call gives a Response of its own. */
export function noContent(init?: ResponseInit): Response {
  if (init === undefined) return plainNoContent.clone();
  return new Response(null, { ...init, status: 204, headers: withDefaults(init.headers, noContentDefaults) });
}

/** `{ "error": { title, description } }` with the given status. */
export function jsonError(status: number, title: string, description: string, init: ResponseInit = {}): Response {
  const body: ApiError = { error: { title, description } };
  return json(body, { ...init, status });
}

/** The answer to an unexpected failure; the details go to the log, never to the client. */
export function internalError(): Response {
  return jsonError(500, 'Error', 'Something went wrong.');
}

/** 405 with the Allow header listing what the endpoint accepts. */
export function methodNotAllowed(allowed: readonly string[]): Response {
  return jsonError(405, 'Method not allowed', `This endpoint accepts ${allowed.join(', ')} requests only.`, {
    headers: { allow: allowed.join(', ') },
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface StateChangeOptions {
  /** The public origin of the site (env().SITE_URL): the only Origin a state-changing request may carry. */
  siteUrl: string;
}

/**
 * CSRF guard for state-changing requests: refuses a browser's `Sec-Fetch-Site: cross-site` and any
 * `Origin` but the configured site's. The request's own URL is never trusted for this: its host comes
 * from the Host header (or an absolute request target), which the sender chooses.
 * Requests without these headers (curl, server-to-server) pass: they carry no ambient browser
 * credentials to abuse. Safe methods always pass.
 */
export function guardStateChange(request: Request, options: StateChangeOptions): Response | undefined {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return undefined;
  const refused = () => jsonError(403, 'Forbidden', 'This request came from another site and was refused.');

  if (request.headers.get('sec-fetch-site')?.toLowerCase() === 'cross-site') return refused();

  const origin = request.headers.get('origin');
  // Browsers send the literal "null" for opaque origins (sandboxed frames, some redirects): refused too.
  if (origin !== null && origin !== originOf(options.siteUrl)) return refused();
  return undefined;
}

/** The client's network address: Netlify's context.ip, else the header Netlify (and the local server) set. */
export function clientAddress(request: Request, context?: { ip?: string }): string {
  return context?.ip || request.headers.get('x-nf-client-connection-ip') || '';
}

/** The site URL's origin, kept for the last URL asked about: it is the same for every request of a process. */
let lastOrigin: { url: string; origin: string | undefined } | undefined;

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  if (lastOrigin?.url !== url) {
    let origin: string | undefined;
    try {
      origin = new URL(url).origin;
    } catch {
      origin = undefined;
    }
    lastOrigin = { url, origin };
  }
  return lastOrigin.origin;
}

/** True when the request declares a JSON body (`application/json`, any parameters, or a `+json` type). */
export function isJsonContentType(contentType: string | null): boolean {
  if (!contentType) return false;
  const mediaType = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return mediaType === 'application/json' || /^application\/[\w.+-]+\+json$/.test(mediaType);
}

/**
 * 415 when a request that carries a body (anything but GET, HEAD, OPTIONS, or a
 * DELETE without a body) does not declare it as JSON. HTML forms cannot send
 * `application/json` cross-site without a CORS preflight, so this is also a CSRF guard.
 */
export function requireJson(request: Request): Response | undefined {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return undefined;
  if (request.method.toUpperCase() === 'DELETE' && request.body === null) return undefined;
  if (isJsonContentType(request.headers.get('content-type'))) return undefined;
  return jsonError(415, 'Unsupported content type', 'Send the request body as JSON (Content-Type: application/json).');
}

/** What readJson accepts unless an endpoint says otherwise: every request body here is a few hundred bytes. */
export const DEFAULT_MAX_BODY_BYTES = 8 * 1024;

export type BodyText = { ok: true; text: string } | { ok: false; reason: 'too-large' | 'unreadable' };
export type BodyBytes = { ok: true; bytes: Uint8Array } | { ok: false; reason: 'too-large' | 'unreadable' };

/** Decoding a whole body in one call keeps no state between calls, so one decoder serves every request. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The body's bytes, read as a stream and given up (the stream cancelled) as soon as it passes `maxBytes`, whatever
 * Content-Length says or whether it says anything (a chunked body has none).
 */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<BodyBytes> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    return { ok: false, reason: 'too-large' };
  }
  if (!request.body) return { ok: true, bytes: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, reason: 'too-large' };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}

/** The body as UTF-8 text, read as readBodyBytes reads it. */
export async function readBodyText(request: Request, maxBytes: number): Promise<BodyText> {
  const body = await readBodyBytes(request, maxBytes);
  if (!body.ok) return body;
  try {
    return { ok: true, text: strictUtf8.decode(body.bytes) };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}

function sizeInWords(bytes: number): string {
  return bytes % 1024 === 0 ? `${bytes / 1024} KB` : `${bytes} bytes`;
}

export interface ReadJsonOptions {
  /** The error toast's title. */
  title?: string;
  /** Larger bodies are refused with 413 without reading past this (default DEFAULT_MAX_BODY_BYTES). */
  maxBytes?: number;
}

/**
 * Reads at most `maxBytes` of the body, parses it as JSON and validates it with the schema: the
 * parsed value, or a Response to answer with (413 past the limit, 400 for a body that is not UTF-8
 * JSON, 422 with the message of the first schema issue).
 */
export async function readJson<S extends z.ZodType>(request: Request, schema: S, options: ReadJsonOptions = {}): Promise<z.output<S> | Response> {
  const title = options.title ?? 'Invalid request';
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BODY_BYTES;
  const body = await readBodyText(request, maxBytes);
  if (!body.ok && body.reason === 'too-large') {
    return jsonError(413, title, `The request body is too large: it must be at most ${sizeInWords(maxBytes)}.`);
  }
  let raw: unknown;
  try {
    if (!body.ok) throw new Error(body.reason);
    raw = JSON.parse(body.text);
  } catch {
    return jsonError(400, title, 'The request body is not valid JSON.');
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    // The message alone: schemas carry the spec's texts ('Missing required fields'), shown as they are.
    return jsonError(422, title, result.error.issues[0]?.message ?? 'The request body is not valid.');
  }
  return result.data;
}

/** The value of one cookie from the request's Cookie header, or undefined. */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}
