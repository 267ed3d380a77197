/**
 * Runs a Netlify Function v2 handler for a Node HTTP request: the Node request
 * becomes a web-standard Request whose body streams from the socket (the
 * function's bounded reader decides how much to read), the handler's Response
 * is written back (every Set-Cookie kept apart, the body streamed). Shared by
 * the local server and the Astro dev server's middleware.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { finished, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { internalError, jsonError } from '../http.ts';
import type { FunctionMatch, LocalContext } from './functions.ts';
import { errorMessage, type Logger } from './logger.ts';
import { requestHref } from './request-url.ts';

/** Netlify refuses synchronous function requests above about 6 MB; the same limit here keeps surprises out of production. */
export const MAX_BODY_BYTES = 6 * 1024 * 1024;

/** How far the bridge reads ahead of the function: a few socket chunks, never the whole body. */
const READ_AHEAD_BYTES = 64 * 1024;

class BodyTooLargeError extends Error {}

export interface InvokeOptions {
  /** The site's public URL, given to functions as context.site.url. */
  siteUrl: string;
  logger: Logger;
  /** Where work handed to context.waitUntil is kept until it settles, so the server can wait for it. */
  background?: Set<Promise<unknown>>;
}

const tooLarge = () => jsonError(413, 'Request too large', 'The request body is larger than 6 MB.');

/** Calls the matched function and writes its answer; never throws. */
export async function runFunction(request: IncomingMessage, response: ServerResponse, match: FunctionMatch, options: InvokeOptions): Promise<void> {
  if (Number(request.headers['content-length']) > MAX_BODY_BYTES) {
    await sendWebResponse(response, tooLarge(), request.method === 'HEAD');
    return;
  }
  let webRequest: Request;
  let body: StreamedBody | undefined;
  try {
    ({ request: webRequest, body } = await toWebRequest(request));
  } catch {
    // A header the Request refuses, or a body the client stopped sending: the function never sees a truncated body.
    await sendWebResponse(response, jsonError(400, 'Invalid request', 'The request could not be read.'), request.method === 'HEAD');
    return;
  }

  const context = new FunctionContext(webRequest, request, match.params, options);
  if (match.route.background) {
    await runInBackground(request, response, webRequest, body, match, context, options);
    return;
  }
  let answer: Response;
  try {
    const result = await match.route.handler(webRequest, context);
    if (!(result instanceof Response)) throw new TypeError(`returned ${typeof result}, not a Response`);
    answer = result;
  } catch (error) {
    if (!body?.tooLarge) options.logger.error(`Function ${match.route.name} failed on ${request.method} ${request.url}: ${errorMessage(error)}`, error);
    answer = internalError();
  }
  // The function read past the hard cap: whatever it answered, the request was too large.
  if (body?.tooLarge) {
    await answer.body?.cancel();
    answer = tooLarge();
  }
  await sendWebResponse(response, answer, request.method === 'HEAD');
  // What the function left unread is discarded as it arrives (never buffered), so the connection stays usable.
  body?.discardRest();
}

/**
 * A Background Function, as Netlify runs one (docs.netlify.com/build/functions/background-functions): the caller gets
 * 202 with no body as soon as the request has arrived, whatever the function will answer, and the function runs after
 * that; what it answers goes nowhere (a failure is logged). Its work is kept with the waitUntil work, so settled() and
 * close() wait for it. The body is read first, so the function never reads from a socket that has moved on.
 */
async function runInBackground(
  request: IncomingMessage,
  response: ServerResponse,
  webRequest: Request,
  body: StreamedBody | undefined,
  match: FunctionMatch,
  context: FunctionContext,
  options: InvokeOptions,
): Promise<void> {
  let whole: ArrayBuffer | null;
  try {
    whole = webRequest.body ? await webRequest.arrayBuffer() : null;
  } catch {
    await sendWebResponse(response, body?.tooLarge ? tooLarge() : jsonError(400, 'Invalid request', 'The request could not be read.'), request.method === 'HEAD');
    return;
  }
  response.writeHead(202, { 'content-length': '0' });
  response.end();
  const method = webRequest.method;
  const replayed = new Request(webRequest.url, { method, headers: webRequest.headers, body: whole });
  const run = (async () => {
    const answer: unknown = await match.route.handler(replayed, context);
    if (answer instanceof Response) {
      await answer.body?.cancel();
      if (answer.status >= 500) options.logger.error(`Background function ${match.route.name} answered ${answer.status} on ${method} ${request.url}`);
    }
  })().catch((error: unknown) => options.logger.error(`Background function ${match.route.name} failed on ${method} ${request.url}: ${errorMessage(error)}`, error));
  keepUntilSettled(run, options);
}

/**
 * A request body as a web stream, read from the socket only as the function pulls it. Past
 * MAX_BODY_BYTES the stream fails and `tooLarge` is set; what the function does not read (it cancelled,
 * or never looked) is discarded by discardRest, up to the cap, after which the connection is closed.
 */
class StreamedBody {
  tooLarge = false;
  readonly stream: ReadableStream<Uint8Array>;
  #request: IncomingMessage;
  #size = 0;
  #discarding = false;
  #detach: () => void = () => undefined;

  constructor(request: IncomingMessage) {
    this.#request = request;
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const onData = (chunk: Buffer) => {
      this.#size += chunk.length;
      if (this.#size > MAX_BODY_BYTES) {
        this.tooLarge = true;
        controller.error(new BodyTooLargeError('request body over the 6 MB cap'));
        this.discardRest();
        return;
      }
      controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      if ((controller.desiredSize ?? 0) <= 0) request.pause();
    };
    const onEnd = () => {
      this.#detach();
      controller.close();
    };
    const onError = (error: Error) => {
      this.#detach();
      controller.error(error);
    };
    this.#detach = () => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
    };
    this.stream = new ReadableStream<Uint8Array>(
      {
        start(c) {
          controller = c;
          request.on('data', onData);
          request.on('end', onEnd);
          request.on('error', onError);
          request.pause();
        },
        pull() {
          request.resume();
        },
        cancel: () => this.discardRest(),
      },
      { highWaterMark: READ_AHEAD_BYTES, size: (chunk) => chunk.byteLength },
    );
  }

  /**
   * Once the function has stopped reading (it cancelled the stream, or answered): reads and drops the
   * rest of the body, so the answer reaches a client that is still sending; past the cap the socket
   * is closed instead.
   */
  discardRest(): void {
    this.#detach();
    const request = this.#request;
    if (this.#discarding || request.complete) return;
    this.#discarding = true;
    request.on('data', (chunk: Buffer) => {
      this.#size += chunk.length;
      if (this.#size > MAX_BODY_BYTES + READ_AHEAD_BYTES) request.socket.destroy();
    });
    request.on('error', () => undefined);
    request.resume();
  }
}

/**
 * The body a request declares. A small one that says its length is read before the function is called and handed over
 * whole: most requests are a few hundred bytes of JSON that arrived with the headers, and a web stream fed from the
 * socket cost more than the rest of the bridge (Netlify, too, hands a function its whole body). Any other body streams.
 * None when the request declares none, so a bare DELETE reads as having none (request.body === null).
 */
function declaredBody(request: IncomingMessage): 'none' | 'whole' | 'stream' {
  if (request.method === 'GET' || request.method === 'HEAD') return 'none';
  if (request.headers['transfer-encoding'] !== undefined) return 'stream';
  const length = Number(request.headers['content-length'] ?? 0);
  if (!(length > 0)) return 'none';
  return length <= READ_AHEAD_BYTES ? 'whole' : 'stream';
}

/**
 * A small body, whole, gathered from its chunks. The parser had not buffered it when the function was matched in any of
 * 200 beacons sent with their headers in one packet (measured), so node:stream/consumers' buffer() read every one, and
 * built a Blob of it: 7-10% of the server thread under a burst of beacons. `finished` settles also for a request that
 * ended or was torn down before this was called; a client that stops short of the length it declared rejects, so a
 * function never sees a truncated body.
 */
function wholeBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const onData = (chunk: Buffer) => chunks.push(chunk);
    request.on('data', onData);
    const cleanup = finished(request, { writable: false }, (error) => {
      cleanup();
      request.off('data', onData);
      if (error) reject(error);
      else resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    });
  });
}

const CLIENT_ADDRESS_HEADER = 'x-nf-client-connection-ip';

/** A web Request with the full URL (scheme and host), every header and the body, whole or streamed (declaredBody). */
export async function toWebRequest(request: IncomingMessage): Promise<{ request: Request; body: StreamedBody | undefined }> {
  const encrypted = 'encrypted' in request.socket && request.socket.encrypted === true;
  const host = request.headers.host ?? `localhost:${request.socket.localPort ?? 80}`;
  const url = requestHref(request.url, `${encrypted ? 'https' : 'http'}://${host}`);

  // Pairs, not a Headers object: the Request checks each header as it copies them in, and a Headers made here was
  // checked twice.
  const headers: [string, string][] = [];
  const raw = request.rawHeaders;
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index]!;
    if (!name.startsWith(':') && name.toLowerCase() !== CLIENT_ADDRESS_HEADER) headers.push([name, raw[index + 1]!]);
  }
  // Netlify sets this header to the client's address (whatever the client sent); code that reads it behaves the same here.
  headers.push([CLIENT_ADDRESS_HEADER, request.socket.remoteAddress ?? '']);

  const method = request.method ?? 'GET';
  const declared = declaredBody(request);
  if (declared === 'whole') {
    // Rejects if the client stops before the length it declared. Socket chunks are never shared memory, which is
    // what a Request body takes.
    const whole = (await wholeBody(request)) as Uint8Array<ArrayBuffer>;
    return { request: new Request(url, { method, headers, body: whole }), body: undefined };
  }
  const body = declared === 'stream' ? new StreamedBody(request) : undefined;
  // duplex 'half' is what fetch requires of a streamed request body; DOM's RequestInit type lacks it.
  const init: RequestInit & { duplex?: 'half' } = { method, headers, body: body?.stream, duplex: body ? 'half' : undefined };
  try {
    return { request: new Request(url, init), body };
  } catch (error) {
    // A Host that makes no URL, say: the body already waits on its reader, so drop it as it comes, or the connection
    // would wait for a read that never happens.
    body?.discardRest();
    throw error;
  }
}

/**
 * The context a handler receives. Netlify's Context has more (cookies, geo, deploy,
 * account, next); our functions use only `params` and the Request, so only
 * cheap, honest fields are given: params, ip, requestId, url, site.url, waitUntil.
 *
 * A class, so that the id and the URL can be made only when a function asks for them (few do, and every request paid
 * for both) through getters on the prototype: getters in an object literal made new closures for every request, and
 * under a burst of beacons the garbage collector spent a tenth of the server's time on what they kept alive.
 */
class FunctionContext implements LocalContext {
  readonly params: Record<string, string>;
  readonly ip: string;
  readonly site: { url: string };
  readonly #request: Request;
  readonly #options: InvokeOptions;
  #requestId: string | undefined;
  #url: URL | undefined;

  constructor(webRequest: Request, request: IncomingMessage, params: Record<string, string>, options: InvokeOptions) {
    this.params = params;
    this.ip = request.socket.remoteAddress ?? '';
    this.site = { url: options.siteUrl };
    this.#request = webRequest;
    this.#options = options;
  }

  get requestId(): string {
    return (this.#requestId ??= randomUUID());
  }

  get url(): URL {
    return (this.#url ??= new URL(this.#request.url));
  }

  // An arrow, so that a function may pass it on unbound (`const { waitUntil } = context`).
  readonly waitUntil = (promise: Promise<unknown>): void => keepUntilSettled(promise, this.#options);
}

/**
 * context.waitUntil: the process lives on, so the work just runs; its failure is logged, and the server's settled()
 * and close() wait for it. The task's callbacks hold neither request, only the options.
 */
function keepUntilSettled(promise: Promise<unknown>, { logger, background }: InvokeOptions): void {
  const task = promise.catch((error: unknown) => logger.error(`waitUntil task failed: ${errorMessage(error)}`, error));
  background?.add(task);
  void task.finally(() => background?.delete(task));
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
