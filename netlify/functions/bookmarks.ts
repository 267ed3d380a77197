/** GET /api/bookmarks → { items } (newest first); POST { postId } adds one. Signed in only. */
import { savedItemsCollection } from '../../src/server/saved-items-api.ts';
import { bookmarksApi } from '../../src/server/saved-items-config.ts';

export const config = { path: '/api/bookmarks' };

export default savedItemsCollection(bookmarksApi);
