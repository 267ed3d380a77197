/**
 * Wishlist and bookmark messages (spec section 8) and list shapes, shared by functions and islands.
 * Request schemas live in saved-items-requests.ts, so the Save buttons do not ship zod.
 */

export const wishlistMessages = {
  authRequired: { title: 'Authentication required', description: 'Please log in to add items to your wishlist.' },
  duplicate: { title: 'Already in wishlist', description: 'This item is already in your wishlist.' },
  added: { title: 'Added to wishlist', description: 'Item has been added to your wishlist.' },
  removed: { title: 'Removed from wishlist', description: 'Item has been removed from your wishlist.' },
  addFailed: { title: 'Error', description: 'Failed to add item to wishlist.' },
  removeFailed: { title: 'Error', description: 'Failed to remove item from wishlist.' },
  notFound: { title: 'Product not found', description: 'The requested product could not be found or is not available' },
} as const;

export const bookmarkMessages = {
  authRequired: { title: 'Authentication required', description: 'Please log in to bookmark posts.' },
  duplicate: { title: 'Already bookmarked', description: 'This post is already in your bookmarks.' },
  added: { title: 'Bookmarked', description: 'Post has been added to your bookmarks.' },
  removed: { title: 'Bookmark removed', description: 'Post has been removed from your bookmarks.' },
  addFailed: { title: 'Error', description: 'Failed to bookmark post.' },
  removeFailed: { title: 'Error', description: 'Failed to remove bookmark.' },
  notFound: { title: 'Blog Post Not Found', description: "The blog post you're looking for doesn't exist or has been removed." },
} as const;

export interface WishlistItem {
  id: number;
  productId: number;
  createdAt: string;
  product: {
    id: number;
    name: string;
    slug: string;
    price: number;
    salePrice: number | null;
    inStock: boolean;
    imageUrl: string | null;
    /** When the price was last checked (epoch ms); null: never, so never shown. */
    priceCheckedAt: number | null;
    /** The moment the price stops being shown (epoch ms, the admin's stale limit); null: never shown. */
    priceStaleAt: number | null;
    /** What replaces a stale price: 'Check price on {retailer}'. */
    stalePriceLabel: string;
    /** 'Amazon.com' and the like for an Amazon product, whose price carries Amazon's disclaimer; else null. */
    amazonSite: string | null;
  };
}

export interface BookmarkItem {
  id: number;
  postId: number;
  createdAt: string;
  post: { id: number; title: string; slug: string; excerpt: string; imageUrl: string | null; publishedAt: string | null };
}
