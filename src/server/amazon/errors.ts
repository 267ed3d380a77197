/**
 * The Creators API's failures, named for what the caller does next:
 *   'not-configured'  no credential: save Amazon products as drafts, tell the admin which variables to set
 *   'bad-credentials' the token endpoint or the API refused the credential (401, 403 AccessDenied/InvalidPartnerTag…)
 *   'not-eligible'    the Associates account may not use the API yet (403 AssociateNotEligible: too few qualifying sales)
 *   'throttled'       429 after the retries: wait `retryAfterMs`
 *   'malformed'       an answer that is not the documented JSON
 *   'rejected'        another 4xx the request itself caused
 *   'unavailable'     no answer, or 5xx after the retries
 * Per-item failures are not errors of the request: see ItemError.
 * Codes from https://webservices.amazon.com/paapi5/documentation/troubleshooting/error-messages.html, which the
 * Creators API keeps (AssociateNotEligible, InvalidPartnerTag, TooManyRequests, ItemNotAccessible, InvalidParameterValue).
 */
export type CreatorsErrorKind = 'not-configured' | 'bad-credentials' | 'not-eligible' | 'throttled' | 'malformed' | 'rejected' | 'unavailable';

export class CreatorsApiError extends Error {
  override readonly name = 'CreatorsApiError';
  readonly kind: CreatorsErrorKind;
  readonly status: number | null;
  readonly retryAfterMs: number | null;

  constructor(kind: CreatorsErrorKind, message: string, options: { status?: number | null; retryAfterMs?: number | null; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.kind = kind;
    this.status = options.status ?? null;
    this.retryAfterMs = options.retryAfterMs ?? null;
  }
}

/** 'invalid-asin': Amazon says the id is no ASIN of this marketplace; 'not-available': it exists but is not served. */
export type ItemErrorKind = 'invalid-asin' | 'not-available';

export interface ItemError {
  asin: string;
  kind: ItemErrorKind;
  message: string;
}
