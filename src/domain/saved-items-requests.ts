/** The bodies of POST /api/wishlist and POST /api/bookmarks. */
import { z } from 'zod';

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);

export const wishlistAddSchema = z.object({ productId: id('Please choose a product to save.') });
export const bookmarkAddSchema = z.object({ postId: id('Please choose a post to bookmark.') });
