/**
 * Throttling of sign-in tries: a few free tries, then a lock that doubles with each further try.
 * A try is counted before its password is checked (so a parallel burst cannot outrun the count) and a
 * success clears it. Tries are counted per key: an account's unknown clients share one key, and a
 * client holding a valid device cookie for the account has its own (OWASP, "Slow Down Online Guessing
 * Attacks with Device Cookies"), so a stranger's guesses never lock the owner out on their own device.
 */
export const FREE_FAILURES = 5;
export const FIRST_LOCK_MS = 30_000;
export const MAX_LOCK_MS = 15 * 60_000;
/** A streak of tries that went quiet this long is forgotten (and its row purged). */
export const FAILURE_WINDOW_MS = 60 * 60_000;

/** The key an account's unknown clients share. */
export function accountThrottleKey(email: string): string {
  return `account:${email}`;
}

/** The key of one known device (the nonce of its device cookie). */
export function deviceThrottleKey(nonce: string): string {
  return `device:${nonce}`;
}

/**
 * How long the key is locked once its `attempts`-th try is counted. The lock starts with the try that
 * uses up the free ones, before its password is checked; a success then lifts it.
 */
export function lockDuration(attempts: number): number {
  if (attempts < FREE_FAILURES) return 0;
  return Math.min(FIRST_LOCK_MS * 2 ** (attempts - FREE_FAILURES), MAX_LOCK_MS);
}

/** Every distinct lock from the first up to the cap, as [attempts, lockMs]: the cases of the SQL that counts a try. */
export function lockSteps(): [attempts: number, lockMs: number][] {
  const steps: [number, number][] = [];
  for (let attempts = FREE_FAILURES; ; attempts++) {
    const lockMs = lockDuration(attempts);
    steps.push([attempts, lockMs]);
    if (lockMs >= MAX_LOCK_MS) return steps;
  }
}

export function retryAfterSeconds(lockedUntil: Date | null | undefined, now: Date): number {
  if (!lockedUntil) return 0;
  return Math.max(0, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
}
