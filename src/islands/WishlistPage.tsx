/** /wishlist: the signed-in person's saved products (spec section 2, Wishlist). */
import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { wishlistMessages, type WishlistItem } from '../domain/saved-items.ts';
import { amazonPriceDisclaimer, priceStamp } from '../domain/product-display/price-age.ts';
import { formatPrice } from '../domain/money.ts';
import { productImage } from '../domain/product.ts';
import { presentedSalePrice } from '../domain/product-display/offer.ts';
import type { AppUser } from '../domain/user.ts';
import { api } from '../lib/api.ts';
import { queryClient, queryKeys } from '../lib/query-client.ts';
import { toast } from '../lib/toast.ts';
import Guard from './Guard.tsx';
import ListingDisclosureText from '../components/ListingDisclosureText.tsx';
import { LISTING_DISCLOSURE } from '../domain/product-display/listing-disclosure.ts';
import { EmptyState, LoadError, PageHeading, SavedCard, SkeletonCards } from './SavedListParts.tsx';

/**
 * The price with its age while it is fresh by the reader's clock; once stale, where to check it instead (no amount),
 * as on the product pages. Amazon's disclaimer goes with an Amazon price, as on the cards.
 */
function WishlistPrice({ product }: { product: WishlistItem['product'] }) {
  const fresh = product.priceCheckedAt !== null && product.priceStaleAt !== null && Date.now() < product.priceStaleAt;
  if (!fresh) return <p className="text-base font-semibold">{product.stalePriceLabel}</p>;
  return (
    <>
      {/* A sale seen before the product sold out is not one the shopper can take (presentedSalePrice). */}
      <p className="text-lg font-bold">{formatPrice(presentedSalePrice(product) ?? product.price)}</p>
      <p className="text-xs text-ink-muted" title={product.amazonSite ? amazonPriceDisclaimer(product.amazonSite) : undefined}>
        {priceStamp(product.priceCheckedAt!)}
      </p>
    </>
  );
}

function WishlistItems({ user }: { user: AppUser }) {
  const key = queryKeys.wishlist(user.id);
  const list = useQuery({ queryKey: key, queryFn: () => api.wishlist().then((answer) => answer.items) });
  const remove = useMutation({
    mutationFn: (productId: number) => api.removeFromWishlist(productId),
    onSuccess: () => toast({ ...wishlistMessages.removed, variant: 'success' }),
    onError: () => toast({ ...wishlistMessages.removeFailed, variant: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });

  if (list.isPending) return <SkeletonCards />;
  if (list.isError) return <LoadError onRetry={() => void list.refetch()} />;
  if (list.data.length === 0) return <EmptyState title="Your wishlist is empty" action={{ href: '/products', label: 'Browse Products' }} />;

  // The products link on to retailers, so the short disclosure comes before the first of them.
  return (
    <>
      <ListingDisclosureText href={LISTING_DISCLOSURE.href} className="mb-4" />
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {list.data.map(({ product }) => (
          <SavedCard
            key={product.id}
            image={{
              src: productImage(product.imageUrl),
              alt: product.imageUrl ? product.name : '',
              width: 400,
              height: 300,
              className: 'aspect-[4/3] w-full bg-muted object-contain p-4',
            }}
            title={product.name}
            link={{ href: `/product/${product.slug}`, label: 'View Product' }}
            removeLabel={`Remove ${product.name} from wishlist`}
            removing={remove.isPending && remove.variables === product.id}
            onRemove={() => remove.mutate(product.id)}
          >
            <WishlistPrice product={product} />
            {!product.inStock && <p className="text-sm font-medium text-sale">Out of Stock</p>}
          </SavedCard>
        ))}
      </ul>
    </>
  );
}

export default function WishlistPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <Guard>
        {(user) => (
          <>
            <PageHeading>My Wishlist</PageHeading>
            <WishlistItems user={user} />
          </>
        )}
      </Guard>
    </QueryClientProvider>
  );
}
