/**
 * Reads a response body as text under a byte cap. The cap counts DECOMPRESSED bytes (and the bytes on the wire),
 * and the body is streamed and counted as it arrives, so a 50 MB gzip bomb or an endless chunked body is cut off
 * at the cap instead of being buffered whole.
 */
import { Readable, pipeline, type Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate, createInflateRaw, constants } from 'node:zlib';
import { OutboundError } from './errors.ts';

/** Flush modes tolerate a body cut short or missing its trailer, as browsers do. */
const LENIENT = { finishFlush: constants.Z_SYNC_FLUSH };

function decoderFor(encoding: string): Transform | undefined {
  switch (encoding) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip(LENIENT);
    case 'br':
      return createBrotliDecompress({ finishFlush: constants.BROTLI_OPERATION_FLUSH });
    default:
      return undefined;
  }
}

/**
 * 'deflate' is meant to be zlib-wrapped but some servers send raw deflate; the first byte tells them apart
 * (a zlib header has compression method 8 in its low nibble).
 */
async function* inflate(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return;
  const inflater = (first.value[0]! & 0x0f) === 8 ? createInflate(LENIENT) : createInflateRaw(LENIENT);
  const rest = (async function* () {
    yield first.value;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  })();
  yield* pipeline(Readable.from(rest), inflater, () => {}) as AsyncIterable<Buffer>;
}

/** The content codings in the order they must be undone (the header lists them in the order they were applied). */
function codings(contentEncoding: string | undefined): string[] {
  return (contentEncoding ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part && part !== 'identity')
    .reverse();
}

/**
 * `truncate`: stop at the cap and return the first `maxBytes` instead of failing, for callers that need only the
 * start of a page (the link checker reads availability from the first 512 KB).
 */
export async function readCappedBody(body: Readable, contentEncoding: string | undefined, maxBytes: number, truncate = false): Promise<Buffer> {
  const tooLarge = () => new OutboundError('too-large', `The page is larger than the ${formatBytes(maxBytes)} limit (after decompression).`);
  let wire = 0;
  // Counts raw bytes too: a compressed stream that inflates to almost nothing must not run forever either.
  let stream: AsyncIterable<Buffer> = (async function* () {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      wire += chunk.length;
      if (wire > maxBytes) {
        if (!truncate) throw tooLarge();
        yield chunk.subarray(0, chunk.length - (wire - maxBytes));
        return;
      }
      yield chunk;
    }
  })();
  for (const coding of codings(contentEncoding)) {
    if (coding === 'deflate') {
      stream = inflate(stream);
      continue;
    }
    const decoder = decoderFor(coding);
    if (!decoder) throw new OutboundError('bad-encoding', `The server sent the page in an unsupported encoding (${coding}).`);
    stream = pipeline(Readable.from(stream), decoder, () => {}) as AsyncIterable<Buffer>;
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      total += chunk.length;
      if (total > maxBytes) {
        if (!truncate) throw tooLarge();
        const keep = chunk.length - (total - maxBytes);
        chunks.push(chunk.subarray(0, keep));
        total = maxBytes;
        break;
      }
      chunks.push(chunk);
    }
  } finally {
    // Stops the download at once when the cap (or anything else) ends reading early.
    discard(body);
  }
  return Buffer.concat(chunks, total);
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${bytes} bytes`;
}

/**
 * Ends a response body that will not be read (a redirect, HEAD, or a body cut off at the cap). undici's body
 * emits an AbortError when destroyed; nobody is listening any more, so it is swallowed rather than left uncaught.
 */
export function discard(body: Readable): void {
  body.on('error', () => {});
  if (!body.destroyed) body.destroy();
}
