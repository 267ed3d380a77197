/** The bodies of POST /api/wishlist and POST /api/bookmarks, and the ids in their paths. */
import { z } from 'zod';

/** A positive whole number written the one way a person would: no sign, zeros, spaces, exponent or hex. */
const CANONICAL_ID = /^[1-9][0-9]*$/;

/** The id a path segment names, or undefined unless it is canonical ('5', not '05', ' 5', '5.0', '0x5' or '1e1'). */
export function parseCanonicalId(text: string | undefined): number | undefined {
  if (text === undefined || !CANONICAL_ID.test(text)) return undefined;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : undefined;
}

/** A JSON number that is a positive safe integer, or a canonical decimal string; never true, [3] or '0x5'. */
const id = (message: string) =>
  z.union(
    [
      z.number(message).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message),
      z.string(message).transform((text, context) => {
        const parsed = parseCanonicalId(text);
        if (parsed === undefined) context.addIssue({ code: 'custom', message });
        return parsed ?? z.NEVER;
      }),
    ],
    { error: message },
  );

export const wishlistAddSchema = z.object({ productId: id('Please choose a product to save.') });
export const bookmarkAddSchema = z.object({ postId: id('Please choose a post to bookmark.') });

export const invalidIdMessage = 'The id in the address must be a positive whole number.';
