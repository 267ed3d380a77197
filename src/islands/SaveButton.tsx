/** Save / Saved: adds a product to the wishlist or takes it off (spec sections 2, 4 and 8). */
import { QueryClientProvider } from '@tanstack/react-query';
import { wishlistMessages } from '../domain/saved-items.ts';
import { api } from '../lib/api.ts';
import { queryClient, queryKeys } from '../lib/query-client.ts';
import { SaveControl } from './SaveControl.tsx';
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
  return <SaveControl productName={productName} size={size} saved={saved} busy={busy} onClick={toggle} />;
}

export default function SaveButton(props: Props) {
  return (
    <QueryClientProvider client={queryClient}>
      <SaveToggle {...props} />
    </QueryClientProvider>
  );
}
