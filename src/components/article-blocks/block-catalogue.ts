/**
 * The catalogue as product blocks read it at build time: every referenced id is looked up in the products collection
 * the build has already loaded (one query for the whole catalogue, made once by the content layer), so a post with
 * many blocks, or many posts, cost a map lookup per reference and no query of their own. A product is shown while it
 * is in the collection (not deleted, not a draft) and available; anything else is missing (block-resolution.ts).
 */
import type { CollectionEntry } from 'astro:content';
import { toBlockProduct, type BlockProduct } from '../../domain/article-blocks/block-product.ts';
import { env } from '../../server/env.ts';

type ProductData = CollectionEntry<'products'>['data'];

export interface BlockCatalogue {
  lookup(id: number): BlockProduct | undefined;
  shown(id: number): boolean;
}

export function blockCatalogue(products: readonly ProductData[], staleAfterHours: number, now = Date.now()): BlockCatalogue {
  const byId = new Map<number, ProductData>();
  for (const product of products) if (product.availability) byId.set(product.id, product);
  const made = new Map<number, BlockProduct>();
  const amazonTag = env().AMAZON_ASSOCIATE_TAG;
  return {
    shown: (id) => byId.has(id),
    lookup(id) {
      const source = byId.get(id);
      if (!source) return undefined;
      let product = made.get(id);
      if (!product) made.set(id, (product = toBlockProduct(source, { amazonTag, now, staleAfterHours })));
      return product;
    },
  };
}
