import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DEFAULT_MAX_BODY_BYTES,
  guardStateChange,
  internalError,
  isJsonContentType,
  json,
  jsonError,
  methodNotAllowed,
  readCookie,
  readJson,
  requireJson,
} from '../../src/server/http.ts';

const SITE = 'https://repwell.example';

function post(headers: Record<string, string>, body: string | null = '{}', url = 'http://localhost:8888/api/contact'): Request {
  return new Request(url, { method: 'POST', headers, body });
}

describe('json and jsonError', () => {
  it('answers JSON that no cache keeps', async () => {
    const response = json({ user: null });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ user: null });
  });

  it('keeps the status and headers it is given', () => {
    const response = json({ ok: true }, { status: 201, headers: { 'cache-control': 'private, max-age=60', 'x-extra': '1' } });
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('private, max-age=60');
    expect(response.headers.get('x-extra')).toBe('1');
  });

  it('shapes errors as { error: { title, description } }', async () => {
    const response = jsonError(409, 'Already in wishlist', 'This item is already in your wishlist.');
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: { title: 'Already in wishlist', description: 'This item is already in your wishlist.' } });
  });

  it('answers unexpected failures with a generic 500', async () => {
    const response = internalError();
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: { title: 'Error', description: 'Something went wrong.' } });
  });
});

describe('methodNotAllowed', () => {
  it('answers 405 with the Allow header', async () => {
    const response = methodNotAllowed(['GET', 'POST']);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, POST');
    expect((await response.json()).error.title).toBe('Method not allowed');
  });
});

describe('guardStateChange', () => {
  it('lets GET through whatever its origin', () => {
    const request = new Request('http://localhost:8888/api/wishlist', { headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } });
    expect(guardStateChange(request, { siteUrl: SITE })).toBeUndefined();
  });

  it.each(['same-origin', 'same-site', 'none'])('accepts Sec-Fetch-Site: %s', (value) => {
    expect(guardStateChange(post({ 'sec-fetch-site': value }), { siteUrl: SITE })).toBeUndefined();
  });

  it('refuses Sec-Fetch-Site: cross-site with 403', async () => {
    const response = guardStateChange(post({ 'sec-fetch-site': 'cross-site' }), { siteUrl: SITE });
    expect(response?.status).toBe(403);
    expect((await response!.json()).error.title).toBe('Forbidden');
  });

  it('refuses an Origin equal to the request origin (its host came from the Host header) when it is not SITE_URL', () => {
    expect(guardStateChange(post({ origin: 'http://localhost:8888' }), { siteUrl: SITE })?.status).toBe(403);
  });

  it('refuses an Origin that matches an absolute request target or a forged Host', () => {
    const forged = post({ origin: 'https://evil.example', host: 'evil.example' }, '{}', 'https://evil.example/api/contact');
    expect(guardStateChange(forged, { siteUrl: SITE })?.status).toBe(403);
  });

  it('accepts an Origin equal to SITE_URL (behind a proxy the request URL differs)', () => {
    expect(guardStateChange(post({ origin: SITE }, '{}', 'http://internal:3000/api/contact'), { siteUrl: `${SITE}/` })).toBeUndefined();
  });

  it('refuses a foreign Origin', () => {
    expect(guardStateChange(post({ origin: 'https://evil.example' }), { siteUrl: SITE })?.status).toBe(403);
  });

  it('refuses a foreign Origin even when Sec-Fetch-Site claims same-site', () => {
    expect(guardStateChange(post({ origin: 'https://shop.repwell.example', 'sec-fetch-site': 'same-site' }), { siteUrl: SITE })?.status).toBe(403);
  });

  it('refuses the opaque "null" Origin', () => {
    expect(guardStateChange(post({ origin: 'null' }), { siteUrl: SITE })?.status).toBe(403);
  });

  it('refuses another port of the same host', () => {
    expect(guardStateChange(post({ origin: 'http://localhost:9999' }), { siteUrl: 'http://localhost:8888' })?.status).toBe(403);
  });

  it('lets requests without browser headers through (server-to-server)', () => {
    expect(guardStateChange(post({}), { siteUrl: SITE })).toBeUndefined();
  });

  it('guards DELETE as well', () => {
    const request = new Request('http://localhost:8888/api/wishlist/3', { method: 'DELETE', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(guardStateChange(request, { siteUrl: SITE })?.status).toBe(403);
  });
});

describe('requireJson', () => {
  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON', 'application/merge-patch+json'])('accepts %s', (type) => {
    expect(requireJson(post({ 'content-type': type }))).toBeUndefined();
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp'])('refuses %s with 415', async (type) => {
    const response = requireJson(post({ 'content-type': type }));
    expect(response?.status).toBe(415);
    expect((await response!.json()).error.title).toBe('Unsupported content type');
  });

  it('refuses a body without a Content-Type', () => {
    const request = new Request('http://localhost/api/contact', { method: 'POST', body: new Uint8Array([123, 125]) });
    request.headers.delete('content-type');
    expect(requireJson(request)?.status).toBe(415);
  });

  it('ignores GET and a DELETE without a body', () => {
    expect(requireJson(new Request('http://localhost/api/wishlist'))).toBeUndefined();
    expect(requireJson(new Request('http://localhost/api/wishlist/3', { method: 'DELETE' }))).toBeUndefined();
  });

  it('checks a DELETE that carries a body', () => {
    const request = new Request('http://localhost/api/admin/products', { method: 'DELETE', body: 'ids=1', headers: { 'content-type': 'text/plain' } });
    expect(requireJson(request)?.status).toBe(415);
  });

  it('recognises JSON media types', () => {
    expect(isJsonContentType(null)).toBe(false);
    expect(isJsonContentType(' application/json ;charset=utf-8')).toBe(true);
    expect(isJsonContentType('text/json')).toBe(false);
  });
});

describe('readJson', () => {
  const Contact = z.object({
    email: z.email('Please enter a valid email address'),
    message: z.string().min(10, 'Message must be at least 10 characters'),
  });

  it('returns the parsed value', async () => {
    const value = await readJson(post({ 'content-type': 'application/json' }, JSON.stringify({ email: 'a@b.co', message: 'Hello there, friend' })), Contact);
    expect(value).toEqual({ email: 'a@b.co', message: 'Hello there, friend' });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const value = await readJson(post({ 'content-type': 'application/json' }, '{"email":'), Contact);
    expect(value).toBeInstanceOf(Response);
    const response = value as Response;
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { title: 'Invalid request', description: 'The request body is not valid JSON.' } });
  });

  it('answers 400 for an empty body', async () => {
    const value = await readJson(post({ 'content-type': 'application/json' }, null), Contact);
    expect((value as Response).status).toBe(400);
  });

  it('answers 422 with the first schema issue message', async () => {
    const value = await readJson(post({ 'content-type': 'application/json' }, JSON.stringify({ email: 'nope', message: 'short' })), Contact);
    const response = value as Response;
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: { title: 'Invalid request', description: 'Please enter a valid email address' } });
  });

  /** A body that produces `total` bytes in `chunk`-byte pieces only when pulled, and counts what was pulled. */
  function lazyBody(total: number, headers: Record<string, string> = {}, chunk = 16 * 1024) {
    const pulled = { bytes: 0, cancelled: false };
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled.bytes >= total) return controller.close();
        const size = Math.min(chunk, total - pulled.bytes);
        pulled.bytes += size;
        controller.enqueue(new Uint8Array(size).fill(0x20));
      },
      cancel() {
        pulled.cancelled = true;
      },
    }, { highWaterMark: 0 });
    const init: RequestInit & { duplex: 'half' } = { method: 'POST', body: stream, duplex: 'half', headers: { 'content-type': 'application/json', ...headers } };
    return { request: new Request('http://localhost:8888/api/track', init), pulled };
  }

  it('reads a chunked 5 MB body without Content-Length only up to the limit, then cancels it (413)', async () => {
    const { request, pulled } = lazyBody(5 * 1024 * 1024);
    const value = await readJson(request, Contact, { maxBytes: 1024, title: 'Invalid tracking event' });
    const response = value as Response;
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: { title: 'Invalid tracking event', description: 'The request body is too large: it must be at most 1 KB.' } });
    expect(pulled.cancelled).toBe(true);
    // The limit plus at most one piece in flight: the other 5 MB were never produced.
    expect(pulled.bytes).toBeLessThanOrEqual(1024 + 2 * 16 * 1024);
  });

  it('refuses a declared Content-Length over the limit without reading at all', async () => {
    const { request, pulled } = lazyBody(64 * 1024, { 'content-length': String(64 * 1024) });
    expect(((await readJson(request, Contact)) as Response).status).toBe(413);
    expect(pulled.bytes).toBe(0);
  });

  it('reads up to the default limit of a few KB', async () => {
    const padded = JSON.stringify({ email: 'a@b.co', message: 'Hello there, friend', pad: 'x'.repeat(DEFAULT_MAX_BODY_BYTES) });
    expect(((await readJson(post({}, padded), Contact)) as Response).status).toBe(413);
    const fits = JSON.stringify({ email: 'a@b.co', message: 'Hello there, friend', pad: 'x'.repeat(DEFAULT_MAX_BODY_BYTES - 100) });
    expect(await readJson(post({}, fits), Contact)).toEqual({ email: 'a@b.co', message: 'Hello there, friend' });
  });

  it('answers 400 for a body that is not UTF-8', async () => {
    const request = new Request('http://localhost:8888/api/contact', { method: 'POST', body: new Uint8Array([0x7b, 0xff, 0x7d]) });
    expect(((await readJson(request, Contact)) as Response).status).toBe(400);
    // One decoder serves every request: a body cut in the middle of a character leaves nothing for the next one.
    const cut = new Request('http://localhost:8888/api/contact', { method: 'POST', body: new Uint8Array([0x7b, 0x7d, 0xc3]) });
    expect(((await readJson(cut, Contact)) as Response).status).toBe(400);
    const next = post({}, JSON.stringify({ email: 'a@b.co', message: 'Grüße, friend!' }));
    expect(await readJson(next, Contact)).toEqual({ email: 'a@b.co', message: 'Grüße, friend!' });
  });

  it('applies schema transforms', async () => {
    const Trimmed = z.object({ name: z.string().trim() });
    expect(await readJson(post({}, '{"name":"  Repwell "}'), Trimmed)).toEqual({ name: 'Repwell' });
  });
});

describe('readCookie', () => {
  const withCookie = (cookie: string) => new Request('http://localhost/', { headers: { cookie } });

  it('finds a cookie among others', () => {
    expect(readCookie(withCookie('theme=dark; session=abc.def; sidebar_state=true'), 'session')).toBe('abc.def');
  });

  it('does not match a cookie whose name only ends the same', () => {
    expect(readCookie(withCookie('oldsession=1'), 'session')).toBeUndefined();
  });

  it('decodes percent-encoding and quotes', () => {
    expect(readCookie(withCookie('a="x%20y"'), 'a')).toBe('x y');
  });

  it('is undefined without a Cookie header', () => {
    expect(readCookie(new Request('http://localhost/'), 'session')).toBeUndefined();
  });
});

describe('API security headers (Netlify applies _headers to static files only)', () => {
  it('are on every JSON answer, error and empty answer', async () => {
    const { attachment, json, jsonError, noContent } = await import('../../src/server/http.ts');
    for (const response of [json({ ok: true }), jsonError(422, 'Invalid request', 'Bad.'), noContent(), attachment('a,b\r\n', 'x.csv', 'text/csv')]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('are a 204 of its own each time: a header one caller sets never reaches the next answer', async () => {
    const { noContent } = await import('../../src/server/http.ts');
    const first = noContent();
    first.headers.set('set-cookie', 'session=abc');
    first.headers.delete('cache-control');
    const second = noContent();
    expect(second).not.toBe(first);
    expect(second.status).toBe(204);
    expect(second.body).toBeNull();
    expect(second.headers.get('set-cookie')).toBeNull();
    expect(second.headers.get('cache-control')).toBe('no-store');
  });

  it('name a download, with no quote or line break that could end the header value', async () => {
    const { attachment } = await import('../../src/server/http.ts');
    const response = attachment('x', 'a"b\r\nc.csv', 'text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="a_b__c.csv"');
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await response.text()).toBe('x');
  });

  it('are the only way functions answer: none builds a Response by hand', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = new URL('../../netlify/functions/', import.meta.url);
    const handMade = readdirSync(dir).filter((file) => readFileSync(new URL(file, dir), 'utf8').includes('new Response('));
    expect(handMade).toEqual([]);
  });
});
