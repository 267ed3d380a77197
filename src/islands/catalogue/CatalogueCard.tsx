/** A product card inside the island: the shared card view with the Save control (loaded on first interaction, CatalogueSave.tsx); memoised, since a card only changes with its product. */
import { memo } from 'react';
import { ProductCardView } from '../../components/product-card/ProductCardView.tsx';
import type { CatalogueProduct } from '../../domain/product-card.ts';
import { CatalogueSave } from './CatalogueSave.tsx';

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
      save={<CatalogueSave productId={product.id} productName={product.name} />}
    />
  );
});
