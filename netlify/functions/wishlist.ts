/** GET /api/wishlist → { items } (newest first); POST { productId } adds one. Signed in only. */
import { savedItemsCollection } from '../../src/server/saved-items-api.ts';
import { wishlistApi } from '../../src/server/saved-items-config.ts';

export const config = { path: '/api/wishlist' };

export default savedItemsCollection(wishlistApi);
