/**
 * The import's retry rule (issue 11, point 6): a batch whose request failed on the way (no answer: status 0) or on
 * the server (5xx) is sent again, the same importId and batchIndex, which the server makes idempotent, after 1, 2 and
 * 4 seconds. A 4xx is an answer about the request itself and sending it again cannot change it.
 */
import { ApiError } from '../../../lib/api.ts';

export const RETRY_DELAYS_MS: readonly number[] = [1_000, 2_000, 4_000];

export function isRetryable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface RetryOptions {
  delays?: readonly number[];
  wait?: (ms: number) => Promise<void>;
  onRetry?: (attempt: number, error: unknown) => void;
}

/** Runs `attempt`, retrying a retryable failure once per delay; the last failure is thrown. */
export async function withRetries<T>(attempt: () => Promise<T>, { delays = RETRY_DELAYS_MS, wait = sleep, onRetry }: RetryOptions = {}): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      if (retry >= delays.length || !isRetryable(error)) throw error;
      onRetry?.(retry + 1, error);
      await wait(delays[retry]!);
    }
  }
}
