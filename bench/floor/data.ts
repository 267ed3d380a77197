/**
 * The floor's data: the demo catalogue the seed writes to the database (db/seed/products.ts, same generator, same
 * products for the same N), as the JSON file the floor's content collection reads, with four related products from
 * the same category precomputed per product.
 */
import { writeFileSync } from 'node:fs';
import { generateProducts } from '../../db/seed/products.ts';
import { seedCategories } from '../../db/seed/categories.ts';

const RELATED = 4;

export function writeFloorData(productCount: number, file: string, now = new Date()): void {
  const categories = seedCategories.map((category, index) => ({ id: index + 1, slug: category.slug, name: category.name }));
  const byId = new Map(categories.map((category) => [category.id, category]));
  const generated = generateProducts(productCount, now, categories).map(({ product }) => product);
  const byCategory = new Map<number | null | undefined, typeof generated>();
  for (const product of generated) byCategory.set(product.categoryId, [...(byCategory.get(product.categoryId) ?? []), product]);
  const rows = generated.map((product) => {
    const category = byId.get(product.categoryId ?? -1);
    const siblings = byCategory.get(product.categoryId) ?? [];
    const at = siblings.indexOf(product);
    const related = Array.from({ length: Math.min(RELATED, siblings.length - 1) }, (_, offset) => siblings[(at + offset + 1) % siblings.length]!);
    return {
      id: product.slug,
      name: product.name,
      slug: product.slug,
      description: product.description ?? '',
      price: product.price,
      salePrice: product.salePrice ?? null,
      imageUrl: product.imageUrl ?? null,
      rating: product.rating ?? 0,
      inStock: product.inStock ?? true,
      category: category?.slug ?? 'uncategorized',
      categoryName: category?.name ?? 'Uncategorized',
      affiliateUrl: product.affiliateUrl,
      // The page lists text entries, as the site's specifications table does.
      specifications: Object.fromEntries(
        Object.entries((product.specifications ?? {}) as Record<string, unknown>).filter((entry): entry is [string, string | number] =>
          ['string', 'number'].includes(typeof entry[1]),
        ).map(([key, value]) => [key, String(value)]),
      ),
      related: related.map((item) => ({ slug: item.slug, name: item.name, price: item.price, imageUrl: item.imageUrl ?? null })),
    };
  });
  writeFileSync(file, JSON.stringify(rows));
}
