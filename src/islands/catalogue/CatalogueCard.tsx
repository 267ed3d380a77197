/** A product card inside the island: the shared card view with the Save control; memoised, since a card only changes with its product. */
import { memo } from 'react';
import { ProductCardView } from '../../components/product-card/ProductCardView.tsx';
import type { CatalogueProduct } from '../../domain/product-card.ts';
import SaveButton from '../SaveButton.tsx';

interface Props {
  product: CatalogueProduct;
  eager?: boolean;
  headingLevel?: 'h2' | 'h3';
}

export const CatalogueCard = memo(function CatalogueCard({ product, eager = false, headingLevel = 'h3' }: Props) {
  return (
    <ProductCardView
      product={product}
      eager={eager}
      headingLevel={headingLevel}
      save={<SaveButton productId={product.id} productName={product.name} size="compact" />}
    />
  );
});
