/** /wishlist: the signed-in person's saved products (spec section 2, Wishlist). */
import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { wishlistMessages } from '../domain/saved-items.ts';
import { formatPrice } from '../domain/money.ts';
import { effectivePrice, PLACEHOLDER_IMAGE } from '../domain/product.ts';
import type { AppUser } from '../domain/user.ts';
import { api } from '../lib/api.ts';
import { queryClient, queryKeys } from '../lib/query-client.ts';
import { toast } from '../lib/toast.ts';
import Guard from './Guard.tsx';
import { EmptyState, LoadError, PageHeading, SkeletonCards } from './SavedListParts.tsx';
import { ui } from './ui.ts';

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

  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {list.data.map(({ product }) => (
        <li key={product.id} className={`${ui.card} flex flex-col overflow-hidden`}>
          <img
            src={product.imageUrl ?? PLACEHOLDER_IMAGE}
            alt={product.imageUrl ? product.name : ''}
            width={400}
            height={300}
            loading="lazy"
            className="aspect-[4/3] w-full bg-muted object-contain p-4"
          />
          <div className="flex flex-1 flex-col gap-3 p-4">
            <h2 className="font-semibold leading-snug">{product.name}</h2>
            <p className="text-lg font-bold">{formatPrice(effectivePrice(product.price, product.salePrice))}</p>
            <div className="mt-auto flex items-center gap-2">
              <a href={`/product/${product.slug}`} className={`${ui.primaryButton} flex-1`}>
                View Product
              </a>
              <button
                type="button"
                className={ui.secondaryButton}
                aria-label={`Remove ${product.name} from wishlist`}
                disabled={remove.isPending && remove.variables === product.id}
                onClick={() => remove.mutate(product.id)}
              >
                <Trash2 aria-hidden="true" size={16} />
              </button>
            </div>
          </div>
        </li>
      ))}
    </ul>
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
