/**
 * The numbers of the sign-up rules, apart from their zod schemas (auth.ts) so the /auth island can
 * show them without shipping a schema library to the browser.
 */
export const MIN_PASSWORD_LENGTH = 8;
// argon2 hashes any length, but an unbounded password is a cheap way to burn server CPU.
export const MAX_PASSWORD_LENGTH = 256;
export const MAX_DISPLAY_NAME_LENGTH = 80;
