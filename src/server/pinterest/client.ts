/**
 * Pinterest API v5, the three calls the publisher needs (https://developers.pinterest.com/docs/api/v5/):
 *   GET  /v5/boards                   boards/list, paged by `bookmark`
 *   POST /v5/pins                     pins/create, body PinCreate (src/domain/admin/pinterest/limits.ts cites it)
 *   GET  /v5/boards/{board_id}/pins   boards/list_pins, paged by `bookmark` (to find a pin by its key after a crash)
 *
 * It uses the platform fetch, not the outbound fetcher of src/server/outbound: the host is Pinterest's fixed API origin
 * (PINTEREST_API_BASE, set only by the operator), never an address from a user, so there is nothing to guard against
 * SSRF; tests point the base at a fake on localhost.
 *
 * Every failure becomes a PinterestError whose `kind` says what a publisher does next: 'auth' (401/403: stop, the
 * token must be renewed), 'rate-limit' (429: wait `retryAfterMs`), 'rejected' (another 4xx: this pin fails with
 * Pinterest's message), 'server' (5xx) and 'network' (no answer: retry with backoff; for a create, look for the pin
 * first, since Pinterest may have made it).
 */
import { PINTEREST_PAGE_SIZE_MAX } from '../../domain/admin/pinterest/limits.ts';

export type PinterestErrorKind = 'auth' | 'rate-limit' | 'rejected' | 'server' | 'network';

export class PinterestError extends Error {
  readonly kind: PinterestErrorKind;
  readonly status: number | null;
  /** For 'rate-limit': how long Pinterest asked us to wait. */
  readonly retryAfterMs: number | null;
  constructor(kind: PinterestErrorKind, message: string, status: number | null = null, retryAfterMs: number | null = null) {
    super(message);
    this.name = 'PinterestError';
    this.kind = kind;
    this.status = status;
    this.retryAfterMs = retryAfterMs;
  }
}

export interface PinterestBoard {
  id: string;
  name: string;
  privacy: string | null;
}

export interface PinterestPin {
  id: string;
  link: string | null;
  title: string | null;
  board_id: string | null;
}

/** The body of POST /v5/pins as PinCreate defines it (only the fields we send). */
export interface PinCreateBody {
  board_id: string;
  title: string;
  description?: string;
  link: string;
  alt_text?: string;
  media_source: { source_type: 'image_url'; url: string };
}

export interface PinterestClientOptions {
  baseUrl: string;
  token: string;
  /** Per request; a request that takes longer counts as a network error. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** When a 429 names no wait at all. */
const DEFAULT_RATE_LIMIT_WAIT_MS = 60_000;

/**
 * How long a 429 asks us to wait: Retry-After (seconds or an HTTP date), else x-ratelimit-reset (epoch seconds, or
 * seconds from now when small), else a minute.
 */
export function rateLimitWaitMs(headers: Headers, now: number = Date.now()): number {
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter) {
    if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.ceil(Number(retryAfter) * 1000);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  const reset = headers.get('x-ratelimit-reset')?.trim();
  if (reset && /^\d+(\.\d+)?$/.test(reset)) {
    const value = Number(reset);
    return value > 1_000_000_000 ? Math.max(0, Math.ceil(value * 1000 - now)) : Math.ceil(value * 1000);
  }
  return DEFAULT_RATE_LIMIT_WAIT_MS;
}

/** Pinterest's own message from an error body `{ code, message }`, else the status. */
async function errorMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown };
    if (typeof body.message === 'string' && body.message.trim()) return body.message.trim().slice(0, 500);
  } catch {
    // not JSON: fall through
  }
  return `Pinterest answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`;
}

export class PinterestClient {
  readonly #base: string;
  readonly #token: string;
  readonly #timeoutMs: number;

  constructor(options: PinterestClientOptions) {
    this.#base = options.baseUrl.replace(/\/+$/, '');
    this.#token = options.token;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async #request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.#base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.#token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.#timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'did not answer in time' : 'could not be reached';
      throw new PinterestError('network', `Pinterest ${reason}.`);
    }
    if (response.ok) {
      try {
        return (await response.json()) as T;
      } catch {
        // The connection broke mid-answer, or the body was not JSON: whether the write happened is unknown.
        throw new PinterestError('network', 'Pinterest’s answer could not be read.', response.status);
      }
    }
    const message = await errorMessage(response);
    if (response.status === 401 || response.status === 403) throw new PinterestError('auth', message, response.status);
    if (response.status === 429) throw new PinterestError('rate-limit', message, 429, rateLimitWaitMs(response.headers));
    if (response.status >= 500) throw new PinterestError('server', message, response.status);
    throw new PinterestError('rejected', message, response.status);
  }

  /** Every board of the token's account, following the bookmarks. */
  async listBoards(maxPages = 20): Promise<PinterestBoard[]> {
    const boards: PinterestBoard[] = [];
    let bookmark: string | null = null;
    for (let page = 0; page < maxPages; page++) {
      const query = new URLSearchParams({ page_size: String(PINTEREST_PAGE_SIZE_MAX) });
      if (bookmark) query.set('bookmark', bookmark);
      const answer = await this.#request<{ items?: { id?: unknown; name?: unknown; privacy?: unknown }[]; bookmark?: string | null }>('GET', `/v5/boards?${query}`);
      for (const item of answer.items ?? []) {
        if (typeof item.id === 'string' && typeof item.name === 'string') boards.push({ id: item.id, name: item.name, privacy: typeof item.privacy === 'string' ? item.privacy : null });
      }
      bookmark = answer.bookmark ?? null;
      if (!bookmark) break;
    }
    return boards;
  }

  async createPin(body: PinCreateBody): Promise<PinterestPin> {
    const pin = await this.#request<{ id?: unknown; link?: unknown; title?: unknown; board_id?: unknown }>('POST', '/v5/pins', body);
    if (typeof pin.id !== 'string') throw new PinterestError('network', 'Pinterest’s answer named no pin id.');
    return { id: pin.id, link: typeof pin.link === 'string' ? pin.link : null, title: typeof pin.title === 'string' ? pin.title : null, board_id: body.board_id };
  }

  /**
   * The first pin on the board that matches, newest pages first (Pinterest lists a board's newest pins first), looking
   * at most `maxPages` pages: a pin made by a crashed run a few minutes ago is on the first page.
   */
  async findBoardPin(boardId: string, matches: (pin: PinterestPin) => boolean, maxPages = 4): Promise<PinterestPin | null> {
    let bookmark: string | null = null;
    for (let page = 0; page < maxPages; page++) {
      const query = new URLSearchParams({ page_size: String(PINTEREST_PAGE_SIZE_MAX) });
      if (bookmark) query.set('bookmark', bookmark);
      const answer = await this.#request<{ items?: { id?: unknown; link?: unknown; title?: unknown }[]; bookmark?: string | null }>(
        'GET',
        `/v5/boards/${encodeURIComponent(boardId)}/pins?${query}`,
      );
      for (const item of answer.items ?? []) {
        if (typeof item.id !== 'string') continue;
        const pin: PinterestPin = { id: item.id, link: typeof item.link === 'string' ? item.link : null, title: typeof item.title === 'string' ? item.title : null, board_id: boardId };
        if (matches(pin)) return pin;
      }
      bookmark = answer.bookmark ?? null;
      if (!bookmark) break;
    }
    return null;
  }
}

/** The public address of a pin. */
export function pinterestPinUrl(pinId: string): string {
  return `https://www.pinterest.com/pin/${encodeURIComponent(pinId)}/`;
}
