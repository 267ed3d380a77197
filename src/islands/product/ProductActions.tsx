/**
 * Share and Save under the product page's buy button (spec section 2): one island for both, as
 * each island rendered into every product page costs build time at 10,000 products.
 */
import SaveButton from '../SaveButton.tsx';
import ShareMenu from './ShareMenu.tsx';

interface Props {
  productId: number;
  productName: string;
}

export default function ProductActions({ productId, productName }: Props) {
  return (
    <div className="flex flex-wrap justify-center gap-3">
      <ShareMenu title={productName} />
      <SaveButton productId={productId} productName={productName} />
    </div>
  );
}
