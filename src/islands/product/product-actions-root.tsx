/**
 * Share and Save as their own React root on the product page, rendered to HTML at build time
 * (src/components/product/product-actions-html.ts) and hydrated in the browser when reached for
 * (product-actions-loader.ts), without an Astro island: the island's loader is 5 KB of inline
 * script in every product page (ARCHITECTURE section 9: a product page's HTML at most 30 KB).
 * Server and browser render this same tree with the same id prefix, so hydration keeps the
 * server's DOM and the ids Radix gives the Share menu.
 */
import { useEffect } from 'react';
import ProductActions from './ProductActions.tsx';

export const PRODUCT_ACTIONS_ID_PREFIX = 'pa';

export interface ProductActionsRootProps {
  productId: number;
  productName: string;
  /** Called once the browser has hydrated the buttons (their handlers are attached). */
  onHydrated?: () => void;
}

export default function ProductActionsRoot({ productId, productName, onHydrated }: ProductActionsRootProps) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  return <ProductActions productId={productId} productName={productName} />;
}
