/** Small catalogue fixtures for the catalogue-*.test.ts files: products with only what a test sets. */
import { buildCatalogueItems } from '../../src/domain/catalogue/dataset.ts';
import type { CatalogueItem } from '../../src/domain/catalogue/pipeline.ts';
import type { CatalogueProduct } from '../../src/domain/product-card.ts';

const DAY = 86_400_000;
export const NOW = Date.UTC(2025, 5, 1);

let nextId = 1;

/** A listed, in-stock, unrated $10 product created `id` days before NOW unless told otherwise. */
export function product(overrides: Partial<CatalogueProduct> = {}): CatalogueProduct {
  const id = overrides.id ?? nextId++;
  return {
    id,
    slug: `product-${id}`,
    name: `Product ${id}`,
    price: 10,
    salePrice: null,
    imageUrl: null,
    rating: null,
    inStock: true,
    category: { name: 'Recovery', slug: 'recovery' },
    createdAt: NOW - id * DAY,
    affiliateUrl: 'https://www.amazon.com/dp/B000000000?tag=test-20',
    ...overrides,
  };
}

export function items(products: CatalogueProduct[]): CatalogueItem[] {
  return buildCatalogueItems(products);
}

export const names = (list: readonly CatalogueItem[]) => list.map((item) => item.product.name);
