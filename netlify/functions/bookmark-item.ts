/** DELETE /api/bookmarks/:postId removes the post from the caller's bookmarks. */
import { savedItemsMember } from '../../src/server/saved-items-api.ts';
import { bookmarksApi } from '../../src/server/saved-items-config.ts';

export const config = { path: '/api/bookmarks/:postId' };

export default savedItemsMember(bookmarksApi, 'postId');
