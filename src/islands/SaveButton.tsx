/** Save / Saved: adds a product to the wishlist or takes it off (spec sections 2, 4 and 8). */
import { QueryClientProvider } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { wishlistMessages } from '../domain/saved-items.ts';
import { api } from '../lib/api.ts';
import { queryClient, queryKeys } from '../lib/query-client.ts';
import { useSavedToggle } from './use-saved-toggle.ts';

interface Props {
  productId: number;
  productName: string;
  /** 'compact' on product cards: an icon button. */
  size?: 'regular' | 'compact';
}

const fetchIds = () => api.wishlist().then((answer) => answer.items.map((item) => item.productId));

function SaveToggle({ productId, productName, size = 'regular' }: Props) {
  const { saved, busy, toggle } = useSavedToggle({
    id: productId,
    queryKey: queryKeys.wishlist,
    fetchIds,
    add: api.addToWishlist,
    remove: api.removeFromWishlist,
    messages: wishlistMessages,
  });
  const label = saved ? 'Saved' : 'Save';
  const compact = size === 'compact';
  return (
    <button
      type="button"
      onClick={toggle}
      disabled={busy}
      aria-pressed={saved}
      aria-label={compact ? `${label}: ${productName}` : undefined}
      className={
        compact
          ? 'inline-flex size-10 items-center justify-center rounded-full border border-line bg-surface/95 text-ink shadow-sm hover:bg-brand-50 aria-pressed:text-sale'
          : 'inline-flex h-11 items-center justify-center gap-2 rounded-full border border-line bg-surface px-5 text-sm font-semibold text-ink hover:bg-brand-50 aria-pressed:border-sale/40 aria-pressed:text-sale'
      }
    >
      <Heart aria-hidden="true" size={18} fill={saved ? 'currentColor' : 'none'} />
      {!compact && label}
    </button>
  );
}

export default function SaveButton(props: Props) {
  return (
    <QueryClientProvider client={queryClient}>
      <SaveToggle {...props} />
    </QueryClientProvider>
  );
}
