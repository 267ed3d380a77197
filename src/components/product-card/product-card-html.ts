/**
 * A product card's HTML for a page built ahead of time (ProductCard.astro): ProductCardView rendered once, with React's
 * synchronous renderer, and its Save button drawn unsaved inside a host that card-save-loader.ts hydrates when someone
 * reaches for it. Listing pages are mostly cards, so a card costs one render, not an Astro island's render of its own.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { CatalogueProduct } from '../../domain/product-card.ts';
import { SaveControl } from '../../islands/SaveControl.tsx';
import { EARLY_CLICKS } from '../../lib/script-ready.ts';
import { CARD_SAVE_ATTRIBUTE } from './card-save-loader.ts';
import { ProductCardView } from './ProductCardView.tsx';

export interface ProductCardHtmlOptions {
  /** Images above the fold load eagerly; the rest lazily. */
  eager?: boolean;
  headingLevel?: 'h2' | 'h3';
}

export function productCardHtml(product: CatalogueProduct, { eager = false, headingLevel = 'h3' }: ProductCardHtmlOptions = {}): string {
  const save = createElement(
    'span',
    {
      className: 'contents',
      [CARD_SAVE_ATTRIBUTE]: '',
      [EARLY_CLICKS.awaitAttribute]: '',
      'data-product-id': product.id,
      'data-product-name': product.name,
    },
    createElement(SaveControl, { productName: product.name, size: 'compact' }),
  );
  return renderToStaticMarkup(createElement(ProductCardView, { product, eager, headingLevel, save }));
}
