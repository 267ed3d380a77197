/** The one-line summaries product writes leave in the audit log, which the overview shows (issue 10, point 2). */
import type { AdminProduct } from './product-row.ts';

/** How the fields read in a summary, in the form's order. */
const FIELD_LABELS: readonly (readonly [keyof AdminProduct, string])[] = [
  ['name', 'name'],
  ['slug', 'address'],
  ['affiliateUrl', 'affiliate URL'],
  ['description', 'description'],
  ['price', 'price'],
  ['salePrice', 'sale price'],
  ['imageUrl', 'image'],
  ['galleryImageUrls', 'gallery'],
  ['rating', 'rating'],
  ['categoryId', 'category'],
  ['availability', 'availability'],
  ['inStock', 'stock'],
  ['specifications', 'specifications'],
  ['tags', 'tags'],
  ['cta', 'CTA'],
  ['affiliateNetwork', 'network'],
  ['commissionRate', 'commission rate'],
  ['sku', 'SKU'],
  ['asin', 'ASIN'],
  ['brand', 'brand'],
  ['status', 'status'],
  ['featured', 'featured'],
  ['review', 'review'],
];

/** The labels of the fields that differ between two versions of a product. */
export function changedProductFields(before: AdminProduct, after: AdminProduct): string[] {
  return FIELD_LABELS.filter(([key]) => JSON.stringify(before[key]) !== JSON.stringify(after[key])).map(([, label]) => label);
}

export function createdSummary(product: Pick<AdminProduct, 'name' | 'slug'>): string {
  return `Created "${product.name}" (/product/${product.slug})`;
}

export function updatedSummary(before: AdminProduct, after: AdminProduct): string {
  const fields = changedProductFields(before, after);
  return fields.length === 0 ? `Saved "${after.name}" without changes` : `Updated "${after.name}" (${fields.join(', ')})`;
}
