/**
 * The Creators API's OAuth 2.0 client-credentials token (RFC 6749 section 4.4), fetched once and kept until shortly
 * before `expires_in` runs out; concurrent callers share one fetch, and a 401 from the API drops it (invalidate) so
 * the next call fetches a new one. Request and answer shapes: config.ts names the sources; the answer is
 * `{ access_token, token_type: 'bearer', expires_in }` (RFC 6749 section 5.1), an error `{ error, error_description }`
 * (section 5.2: invalid_client for a wrong id or secret).
 */
import type { CreatorsConfig } from './config.ts';
import { CreatorsApiError } from './errors.ts';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Refetch this long before the token runs out (a tenth of a short life), so a request never carries a dying token. */
const MAX_MARGIN_MS = 60_000;

export class TokenSource {
  readonly #config: CreatorsConfig;
  readonly #fetch: FetchLike;
  readonly #now: () => number;
  readonly #timeoutMs: number;
  #token: { value: string; refreshAt: number } | null = null;
  #pending: Promise<string> | null = null;
  /** How many tokens were fetched (the tests count them). */
  fetched = 0;

  constructor(config: CreatorsConfig, options: { fetch?: FetchLike; now?: () => number; timeoutMs?: number } = {}) {
    this.#config = config;
    this.#fetch = options.fetch ?? fetch;
    this.#now = options.now ?? Date.now;
    this.#timeoutMs = options.timeoutMs ?? 15_000;
  }

  async get(): Promise<string> {
    if (this.#token && this.#now() < this.#token.refreshAt) return this.#token.value;
    this.#pending ??= this.#fetchToken().finally(() => {
      this.#pending = null;
    });
    return this.#pending;
  }

  /** The API refused this token (expired or revoked early): the next get() fetches a new one. */
  invalidate(value: string): void {
    if (this.#token?.value === value) this.#token = null;
  }

  /** The Authorization header for a token: 2.x credentials name their version beside it. */
  authorization(token: string): string {
    return this.#config.tokenStyle === 'cognito' ? `Bearer ${token}, Version ${this.#config.credentialVersion}` : `Bearer ${token}`;
  }

  async #fetchToken(): Promise<string> {
    const { credentialId, credentialSecret, tokenStyle, tokenUrl } = this.#config;
    const fields = { grant_type: 'client_credentials', client_id: credentialId, client_secret: credentialSecret };
    const init: RequestInit =
      tokenStyle === 'cognito'
        ? { body: new URLSearchParams({ ...fields, scope: 'creatorsapi/default' }), headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' } }
        : { body: JSON.stringify({ ...fields, scope: 'creatorsapi::default' }), headers: { 'content-type': 'application/json', accept: 'application/json' } };
    let response: Response;
    try {
      response = await this.#fetch(tokenUrl, { ...init, method: 'POST', redirect: 'error', signal: AbortSignal.timeout(this.#timeoutMs) });
    } catch (error) {
      throw new CreatorsApiError('unavailable', "Amazon's token service could not be reached.", { cause: error });
    }
    const text = await response.text().catch(() => '');
    let body: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
    } catch {
      // judged below by status
    }
    if (response.status === 400 || response.status === 401 || response.status === 403) {
      const code = typeof body.error === 'string' ? body.error : `HTTP ${response.status}`;
      throw new CreatorsApiError('bad-credentials', `Amazon refused the Creators API credential (${code}): check AMAZON_CREATORS_CREDENTIAL_ID, AMAZON_CREATORS_CREDENTIAL_SECRET and AMAZON_CREATORS_CREDENTIAL_VERSION.`, {
        status: response.status,
      });
    }
    if (response.status === 429) throw new CreatorsApiError('throttled', "Amazon's token service is busy (HTTP 429). Try again in a minute.", { status: 429, retryAfterMs: 60_000 });
    if (!response.ok) throw new CreatorsApiError('unavailable', `Amazon's token service answered HTTP ${response.status}.`, { status: response.status });
    const token = body.access_token;
    const expiresIn = Number(body.expires_in ?? 3600);
    if (typeof token !== 'string' || token === '' || !Number.isFinite(expiresIn) || expiresIn <= 0) {
      throw new CreatorsApiError('malformed', "Amazon's token service answered without a usable access token.", { status: response.status });
    }
    const lifeMs = expiresIn * 1000;
    this.#token = { value: token, refreshAt: this.#now() + lifeMs - Math.min(MAX_MARGIN_MS, lifeMs / 10) };
    this.fetched += 1;
    return token;
  }
}
