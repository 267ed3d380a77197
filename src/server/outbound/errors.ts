/**
 * The one error type the outbound fetcher throws, so callers (add-by-link, CSV scrapes, the link checker) can switch
 * on a stable `code` and show `message` to an admin without leaking stack traces or undici internals.
 */
export type OutboundErrorCode =
  | 'bad-url'
  | 'bad-scheme'
  | 'bad-port'
  | 'blocked-address'
  | 'too-many-redirects'
  | 'redirect-loop'
  | 'timeout'
  | 'aborted'
  | 'too-large'
  | 'bad-encoding'
  | 'network';

export class OutboundError extends Error {
  override readonly name = 'OutboundError';
  readonly code: OutboundErrorCode;

  constructor(code: OutboundErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** Finds an OutboundError thrown inside undici or node:net (they may wrap it in `cause` or an AggregateError). */
export function findOutboundError(error: unknown, depth = 0): OutboundError | undefined {
  if (error instanceof OutboundError) return error;
  if (depth > 5 || typeof error !== 'object' || error === null) return undefined;
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const found = findOutboundError(inner, depth + 1);
      if (found) return found;
    }
  }
  return 'cause' in error ? findOutboundError(error.cause, depth + 1) : undefined;
}
