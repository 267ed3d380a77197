/**
 * Runs a Netlify Function v2 handler for a Node HTTP request: the Node request
 * becomes a web-standard Request, the handler's Response is written back
 * (every Set-Cookie kept apart, the body streamed). Shared by the local server
 * and the Astro dev server's middleware.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { internalError, jsonError } from '../http.ts';
import type { FunctionMatch, LocalContext } from './functions.ts';
import { errorMessage, type Logger } from './logger.ts';
import { requestUrl } from './request-url.ts';

/** Netlify refuses synchronous function requests above about 6 MB; the same limit here keeps surprises out of production. */
export const MAX_BODY_BYTES = 6 * 1024 * 1024;

class BodyTooLargeError extends Error {}

export interface InvokeOptions {
  /** The site's public URL, given to functions as context.site.url. */
  siteUrl: string;
  logger: Logger;
}

/** Calls the matched function and writes its answer; never throws. */
export async function runFunction(request: IncomingMessage, response: ServerResponse, match: FunctionMatch, options: InvokeOptions): Promise<void> {
  let webRequest: Request;
  try {
    webRequest = await toWebRequest(request);
  } catch (error) {
    const answer =
      error instanceof BodyTooLargeError
        ? jsonError(413, 'Request too large', 'The request body is larger than 6 MB.')
        : jsonError(400, 'Invalid request', 'The request could not be read.');
    await sendWebResponse(response, answer, request.method === 'HEAD');
    return;
  }

  const context = createContext(webRequest, request, match.params, options);
  let answer: Response;
  try {
    const result = await match.route.handler(webRequest, context);
    if (!(result instanceof Response)) throw new TypeError(`returned ${typeof result}, not a Response`);
    answer = result;
  } catch (error) {
    options.logger.error(`Function ${match.route.name} failed on ${request.method} ${request.url}: ${errorMessage(error)}`, error);
    answer = internalError();
  }
  await sendWebResponse(response, answer, request.method === 'HEAD');
}

/**
 * The context a handler receives. Netlify's Context has more (cookies, geo, deploy,
 * account, next); our functions use only `params` and the Request, so only
 * cheap, honest fields are given: params, ip, requestId, url, site.url, waitUntil.
 */
function createContext(webRequest: Request, request: IncomingMessage, params: Record<string, string>, options: InvokeOptions): LocalContext {
  return {
    params,
    ip: request.socket.remoteAddress ?? '',
    requestId: randomUUID(),
    url: new URL(webRequest.url),
    site: { url: options.siteUrl },
    // The process lives on, so work handed to waitUntil just runs; its failure is logged.
    waitUntil: (promise) => {
      promise.catch((error: unknown) => options.logger.error(`waitUntil task failed: ${errorMessage(error)}`, error));
    },
  };
}

/** A web Request with the full URL (scheme and host), every header and the buffered body. */
export async function toWebRequest(request: IncomingMessage): Promise<Request> {
  const encrypted = 'encrypted' in request.socket && request.socket.encrypted === true;
  const host = request.headers.host ?? `localhost:${request.socket.localPort ?? 80}`;
  const url = requestUrl(request.url, `${encrypted ? 'https' : 'http'}://${host}`);

  const headers = new Headers();
  for (const [name, values] of Object.entries(request.headersDistinct)) {
    if (name.startsWith(':') || !values) continue;
    for (const value of values) headers.append(name, value);
  }
  // Netlify sets this header to the client's address; code that reads it behaves the same here.
  headers.set('x-nf-client-connection-ip', request.socket.remoteAddress ?? '');

  const method = request.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const body = hasBody ? await readBody(request) : undefined;
  return new Request(url, { method, headers, body: body && body.length > 0 ? new Uint8Array(body) : undefined });
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (declared > MAX_BODY_BYTES) throw new BodyTooLargeError();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLargeError();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Writes status, headers (each Set-Cookie on its own line) and the streamed body. */
export async function sendWebResponse(response: ServerResponse, answer: Response, head = false): Promise<void> {
  response.statusCode = answer.status;
  if (answer.statusText) response.statusMessage = answer.statusText;
  answer.headers.forEach((value, name) => {
    // Headers joins Set-Cookie values with commas, which breaks Expires dates; they are set apart below.
    if (name !== 'set-cookie') response.setHeader(name, value);
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) response.setHeader('set-cookie', cookies);

  if (!answer.body || head || answer.status === 204 || answer.status === 304) {
    await answer.body?.cancel();
    response.end();
    return;
  }
  try {
    await pipeline(Readable.fromWeb(answer.body as NodeReadableStream<Uint8Array>), response);
  } catch {
    // The client disconnected, or the function's stream failed after the headers went out.
    response.destroy();
  }
}
