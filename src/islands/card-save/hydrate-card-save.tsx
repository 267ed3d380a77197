/**
 * The browser half of a card's Save (src/components/product-card/card-save-loader.ts): hydrates the server's button
 * as SaveButton, in a transition as @astrojs/react hydrates an island, and reports when its handler is attached. The
 * server drew the button unsaved (product-card-html.ts), which is what SaveButton first renders.
 */
import { startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import SaveButton from '../SaveButton.tsx';

interface CardSaveRootProps {
  productId: number;
  productName: string;
  onHydrated: () => void;
}

function CardSaveRoot({ productId, productName, onHydrated }: CardSaveRootProps) {
  useEffect(() => onHydrated(), [onHydrated]);
  return <SaveButton productId={productId} productName={productName} size="compact" />;
}

export function hydrateCardSave(host: Element, productId: number, productName: string, onHydrated: () => void): void {
  startTransition(() => {
    hydrateRoot(host, <CardSaveRoot productId={productId} productName={productName} onHydrated={onHydrated} />);
  });
}
