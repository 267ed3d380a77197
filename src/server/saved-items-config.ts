/** The wishlist and bookmark configurations of the shared saved-items API. */
import { bookmarkMessages, wishlistMessages } from '../domain/saved-items.ts';
import { bookmarkAddSchema, wishlistAddSchema } from '../domain/saved-items-requests.ts';
import { addBookmark, listBookmarks, removeBookmark } from './bookmarks.ts';
import type { SavedItemsConfig } from './saved-items-api.ts';
import { addToWishlist, listWishlist, removeFromWishlist } from './wishlist.ts';

export const wishlistApi: SavedItemsConfig<typeof wishlistAddSchema> = {
  messages: wishlistMessages,
  addSchema: wishlistAddSchema,
  idOf: (input) => input.productId,
  list: listWishlist,
  add: addToWishlist,
  remove: removeFromWishlist,
};

export const bookmarksApi: SavedItemsConfig<typeof bookmarkAddSchema> = {
  messages: bookmarkMessages,
  addSchema: bookmarkAddSchema,
  idOf: (input) => input.postId,
  list: listBookmarks,
  add: addBookmark,
  remove: removeBookmark,
};
