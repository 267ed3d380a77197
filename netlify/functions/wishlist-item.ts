/** DELETE /api/wishlist/:productId removes the product from the caller's wishlist. */
import { savedItemsMember } from '../../src/server/saved-items-api.ts';
import { wishlistApi } from '../../src/server/saved-items-config.ts';

export const config = { path: '/api/wishlist/:productId' };

export default savedItemsMember(wishlistApi, 'productId');
