/**
 * An optional image address an admin types (a post's image, an author's photo): http(s) with a host, or a path on this
 * site, never another scheme (isSafeImageUrl); empty means no image. Each form gives its own message and length.
 */
import { z } from 'zod';
import { isSafeImageUrl } from './hero.ts';

function hasHostOrIsPath(url: string): boolean {
  if (url.startsWith('/')) return true;
  try {
    return new URL(url).hostname !== '';
  } catch {
    return false;
  }
}

export function optionalImageUrlSchema(message: string, max: number) {
  return z
    .string({ error: message })
    .trim()
    .max(max, message)
    .refine((url) => url === '' || (isSafeImageUrl(url) && hasHostOrIsPath(url)), message);
}
