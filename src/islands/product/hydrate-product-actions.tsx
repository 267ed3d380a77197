/**
 * The browser half of Share and Save (product-actions-root.tsx): hydrates the server's buttons, in a
 * transition as @astrojs/react hydrates an island, and reports when their handlers are attached.
 */
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import ProductActionsRoot, { PRODUCT_ACTIONS_ID_PREFIX } from './product-actions-root.tsx';

export function hydrateProductActions(host: Element, productId: number, productName: string, onHydrated: () => void): void {
  startTransition(() => {
    hydrateRoot(host, <ProductActionsRoot productId={productId} productName={productName} onHydrated={onHydrated} />, {
      identifierPrefix: PRODUCT_ACTIONS_ID_PREFIX,
    });
  });
}
