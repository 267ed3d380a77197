/**
 * Share and Save's HTML for the product page (src/islands/product/product-actions-root.tsx), rendered at build time
 * with the id prefix the browser hydrates with.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import ProductActionsRoot, { PRODUCT_ACTIONS_ID_PREFIX } from '../../islands/product/product-actions-root.tsx';

export function productActionsHtml(productId: number, productName: string): string {
  return renderToString(createElement(ProductActionsRoot, { productId, productName }), { identifierPrefix: PRODUCT_ACTIONS_ID_PREFIX });
}
