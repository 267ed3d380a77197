/**
 * A roundup's picks as the build shows them: each pick's product from the block catalogue (current price, stock,
 * score, tagged link), in the roundup's order. A pick whose product is deleted, a draft or unavailable drops out, as
 * it does from a ranked list (the build logs it with the blocks' losses, roundupBlocks in roundup.ts).
 */
import type { BlockProduct } from '../../domain/article-blocks/block-product.ts';
import type { Roundup, RoundupPick } from '../../domain/editorial/types.ts';
import type { BlockCatalogue } from '../article-blocks/block-catalogue.ts';

export interface ShownPick {
  pick: RoundupPick;
  product: BlockProduct;
}

export function shownPicks(roundup: Roundup | null, catalogue: BlockCatalogue): ShownPick[] {
  if (!roundup) return [];
  return roundup.picks.flatMap((pick) => {
    const product = catalogue.lookup(pick.productId);
    return product ? [{ pick, product }] : [];
  });
}
