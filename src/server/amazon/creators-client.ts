/**
 * Amazon's Creators API, the one call the site makes: GetItems.
 *   POST {base}/catalog/v1/getItems
 *   Authorization: Bearer {token}[, Version {version}]   x-marketplace: {marketplace}   content-type: application/json
 *   { itemIds: [≤ 10 ASINs], itemIdType: 'ASIN', marketplace, partnerTag, resources: [...] }
 * Sources: https://affiliate-program.amazon.com/creatorsapi/docs/en-us/api-reference (GetItems) and
 * https://affiliate-program.amazon.com/creatorsapi/docs/en-us/get-started/using-curl; the request of the published
 * clients github.com/bayashi/Amazon-CreatorsAPI (lib/Amazon/CreatorsAPI.pm) and
 * github.com/didisouzacosta/AmazonCreatorsAPISwiftSDK (Core/AmazonCreatorsClient.swift), read, not copied. The answer's
 * shape is in src/domain/amazon-item.ts.
 *
 * It uses the platform fetch, not the outbound fetcher: the hosts are Amazon's fixed API and token origins (or the
 * operator's override for tests), never an address from a user. Every failure is a CreatorsApiError (errors.ts) or,
 * for one ASIN of the batch, an ItemError; nothing else escapes.
 */
import { amazonItemFromCreators, GET_ITEMS_MAX_IDS, GET_ITEMS_RESOURCES, getItemsAnswerSchema, type AmazonItem, type GetItemsAnswer } from '../../domain/amazon-item.ts';
import type { CreatorsConfig } from './config.ts';
import { CreatorsApiError, type ItemError } from './errors.ts';
import { sharedPacer, sleep as realSleep, type RequestPacer, type Sleep } from './pacer.ts';
import { TokenSource, type FetchLike } from './token.ts';

export type AmazonItemResult = { ok: true; item: AmazonItem } | { ok: false; error: ItemError };

export interface CreatorsClientOptions {
  fetch?: FetchLike;
  pacer?: RequestPacer;
  tokens?: TokenSource;
  sleep?: Sleep;
  /** Per request. */
  timeoutMs?: number;
  /** Retries after a 429 or a 5xx (default 3), waiting Retry-After or 1 s, 2 s, 4 s. */
  maxRetries?: number;
  /** A Retry-After longer than this is not waited for: the call fails 'throttled' at once (an admin is waiting). */
  maxWaitMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_WAIT_MS = 30_000;

/** Retry-After in seconds or as an HTTP date (RFC 9110 section 10.2.3); null when absent or unreadable. */
export function retryAfterMs(headers: Headers, now: number = Date.now()): number | null {
  const value = headers.get('retry-after')?.trim();
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now) : null;
}

/** The first error code of an error answer: `errors[0].code` (or `reason`), else `code`/`error`. */
function errorCode(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  const errors = (record.errors ?? record.Errors) as unknown;
  if (Array.isArray(errors) && errors[0] && typeof errors[0] === 'object') {
    const first = errors[0] as Record<string, unknown>;
    for (const key of ['code', 'Code', 'reason']) if (typeof first[key] === 'string') return first[key];
  }
  for (const key of ['code', 'reason', 'error']) if (typeof record[key] === 'string') return record[key];
  return null;
}

/** Item-level codes (the troubleshooting page's InvalidParameterValue and ItemNotAccessible). */
const ITEM_CODES: Readonly<Record<string, ItemError['kind']>> = { InvalidParameterValue: 'invalid-asin', ItemNotAccessible: 'not-available' };

/** Per-ASIN results from an answer: items read, errors matched to their ASIN by the id the message names. */
function itemResults(asins: readonly string[], answer: GetItemsAnswer, marketplace: string): Map<string, AmazonItemResult> {
  const results = new Map<string, AmazonItemResult>();
  for (const raw of answer.itemsResult?.items ?? []) {
    const item = amazonItemFromCreators(raw);
    if (asins.includes(item.asin)) results.set(item.asin, { ok: true, item });
  }
  const unmatched: ItemError['kind'][] = [];
  for (const error of answer.errors ?? []) {
    const kind = ITEM_CODES[error.code ?? ''] ?? 'not-available';
    const named = asins.find((asin) => error.message?.toUpperCase().includes(asin));
    if (named && !results.has(named)) results.set(named, { ok: false, error: { asin: named, kind, message: itemMessage(named, kind, marketplace) } });
    else if (!named) unmatched.push(kind);
  }
  for (const asin of asins) {
    if (results.has(asin)) continue;
    const kind = unmatched.shift() ?? 'not-available';
    results.set(asin, { ok: false, error: { asin, kind, message: itemMessage(asin, kind, marketplace) } });
  }
  return results;
}

function itemMessage(asin: string, kind: ItemError['kind'], marketplace: string): string {
  return kind === 'invalid-asin'
    ? `Amazon says ${asin} is not a product on ${marketplace}: check the link's ASIN and store.`
    : `Amazon does not make ${asin} available through the Creators API on ${marketplace} (it may be discontinued or not sold there).`;
}

export class CreatorsClient {
  readonly config: CreatorsConfig;
  readonly tokens: TokenSource;
  readonly #fetch: FetchLike;
  readonly #pacer: RequestPacer;
  readonly #sleep: Sleep;
  readonly #timeoutMs: number;
  readonly #maxRetries: number;
  readonly #maxWaitMs: number;

  constructor(config: CreatorsConfig, options: CreatorsClientOptions = {}) {
    this.config = config;
    this.#fetch = options.fetch ?? fetch;
    this.tokens = options.tokens ?? new TokenSource(config, { fetch: this.#fetch });
    this.#pacer = options.pacer ?? sharedPacer(`${config.apiBase}|${config.credentialId}`, config.requestsPerSecond);
    this.#sleep = options.sleep ?? realSleep;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#maxRetries = options.maxRetries ?? 3;
    this.#maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
  }

  /** One GetItems request for at most ten ASINs: a result for each, or a CreatorsApiError for the whole request. */
  async getItems(asins: readonly string[], marketplace: string = this.config.marketplace): Promise<Map<string, AmazonItemResult>> {
    const ids = [...new Set(asins.map((asin) => asin.toUpperCase()))];
    if (ids.length === 0) return new Map();
    if (ids.length > GET_ITEMS_MAX_IDS) throw new RangeError(`GetItems takes at most ${GET_ITEMS_MAX_IDS} ASINs a request.`);
    const body = JSON.stringify({ itemIds: ids, itemIdType: 'ASIN', marketplace, partnerTag: this.config.partnerTag, resources: GET_ITEMS_RESOURCES });

    let refreshedToken = false;
    for (let attempt = 0; ; attempt++) {
      const token = await this.tokens.get();
      await this.#pacer.take();
      let response: Response;
      try {
        response = await this.#fetch(`${this.config.apiBase}/catalog/v1/getItems`, {
          method: 'POST',
          headers: { authorization: this.tokens.authorization(token), 'content-type': 'application/json', accept: 'application/json', 'x-marketplace': marketplace },
          body,
          redirect: 'error',
          signal: AbortSignal.timeout(this.#timeoutMs),
        });
      } catch (error) {
        if (attempt < this.#maxRetries) {
          await this.#sleep(1000 * 2 ** attempt);
          continue;
        }
        throw new CreatorsApiError('unavailable', "Amazon's Creators API could not be reached.", { cause: error });
      }
      const text = await response.text().catch(() => '');
      let parsed: unknown;
      try {
        parsed = text === '' ? undefined : JSON.parse(text);
      } catch {
        parsed = undefined;
      }

      if (response.ok) {
        const answer = getItemsAnswerSchema.safeParse(parsed);
        if (!answer.success) throw new CreatorsApiError('malformed', "Amazon's Creators API answered with data the site cannot read; nothing was changed.", { status: response.status });
        return itemResults(ids, answer.data, marketplace);
      }

      const code = errorCode(parsed);
      if (response.status === 401) {
        // An expired or revoked token: one new token, one more try; a second 401 is the credential itself.
        this.tokens.invalidate(token);
        if (!refreshedToken) {
          refreshedToken = true;
          continue;
        }
        throw new CreatorsApiError('bad-credentials', `Amazon's Creators API refused the credential (${code ?? 'HTTP 401'}): check AMAZON_CREATORS_CREDENTIAL_ID and its secret.`, { status: 401 });
      }
      if (response.status === 403) {
        if (code === 'AssociateNotEligible') {
          throw new CreatorsApiError(
            'not-eligible',
            "Amazon says this Associates account is not eligible for the Creators API yet (AssociateNotEligible: it needs recent qualifying sales). Fill in the product's details by hand meanwhile.",
            { status: 403 },
          );
        }
        const what = code === 'InvalidPartnerTag' ? `the partner tag ${this.config.partnerTag} (AMAZON_CREATORS_PARTNER_TAG)` : 'the credential';
        throw new CreatorsApiError('bad-credentials', `Amazon's Creators API refused ${what} (${code ?? 'HTTP 403'}).`, { status: 403 });
      }
      if (response.status === 429 || response.status >= 500) {
        const asked = retryAfterMs(response.headers);
        const wait = asked ?? 1000 * 2 ** attempt;
        if (response.status === 429) this.#pacer.hold(wait);
        if (attempt < this.#maxRetries && wait <= this.#maxWaitMs) {
          await this.#sleep(wait);
          continue;
        }
        if (response.status === 429) {
          throw new CreatorsApiError('throttled', `Amazon's Creators API is limiting this site's requests (TooManyRequests). Try again in ${Math.max(1, Math.ceil(wait / 1000))} s.`, {
            status: 429,
            retryAfterMs: wait,
          });
        }
        throw new CreatorsApiError('unavailable', `Amazon's Creators API answered HTTP ${response.status}. Try again later.`, { status: response.status });
      }
      if (response.status === 400 && parsed !== undefined) {
        // Every ASIN of the request refused (e.g. all invalid): the answer carries only item errors.
        const answer = getItemsAnswerSchema.safeParse(parsed);
        if (answer.success && (answer.data.errors ?? []).some((error) => ITEM_CODES[error.code ?? ''] !== undefined)) return itemResults(ids, answer.data, marketplace);
      }
      throw new CreatorsApiError('rejected', `Amazon's Creators API refused the request (${code ?? `HTTP ${response.status}`}).`, { status: response.status });
    }
  }
}
