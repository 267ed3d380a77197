/**
 * The demo catalogue the e2e run seeded (global-setup.ts seeds DEFAULT_PRODUCT_COUNT products with the seed's own
 * categories, ids in their order), made again here: the seed is deterministic, so a spec can know what it will find.
 */
import { seedCategories } from '../../db/seed/categories.ts';
import { DEFAULT_PRODUCT_COUNT } from '../../db/seed/index.ts';
import { generateProducts } from '../../db/seed/products.ts';

export function demoProducts() {
  return generateProducts(
    DEFAULT_PRODUCT_COUNT,
    new Date(),
    seedCategories.map((category, index) => ({ id: index + 1, slug: category.slug })),
  ).map(({ product }) => product);
}
