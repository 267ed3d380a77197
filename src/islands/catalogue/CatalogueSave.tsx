/**
 * Save on a card the catalogue island draws: the unsaved button at once, and SaveButton (React Query and the account
 * code, about a tenth of the page's JavaScript budget) only when someone reaches for it, as card-save-loader.ts does
 * for the cards of a static page. A signed-in reader sees Saved where it applies, so for them it loads with the grid.
 */
import { memo } from 'react';
import { onDemand, useOnDemand } from '../load-on-intent.ts';
import { SaveControl } from '../SaveControl.tsx';

const saveButton = onDemand(() => import('../SaveButton.tsx'));

interface Props {
  productId: number;
  productName: string;
}

/** AuthBootstrap marks <html> before the first paint from the last known sign-in (src/directives/interaction.ts reads the same). */
const signedIn = () => typeof document !== 'undefined' && document.documentElement.dataset['auth'] === 'signed-in';

export const CatalogueSave = memo(function CatalogueSave({ productId, productName }: Props) {
  const { loaded, gate } = useOnDemand(saveButton, signedIn());
  const { ref, ...handlers } = gate;
  return (
    <span ref={ref} className="contents" {...handlers}>
      {loaded ? (
        <loaded.default productId={productId} productName={productName} size="compact" />
      ) : (
        <SaveControl productName={productName} size="compact" />
      )}
    </span>
  );
});
