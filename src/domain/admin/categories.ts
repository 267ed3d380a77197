/**
 * The admin's view of categories (spec section 3), shared by the functions under /api/admin/categories and the admin
 * islands that show or pick categories (the categories manager, the product form, the products list filters).
 */
import { z } from 'zod';

/** The default category: every product without one belongs here (spec section 3). */
export const UNCATEGORIZED_SLUG = 'uncategorized';

export const adminCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  showInNavigation: z.boolean(),
  navigationOrder: z.number().int().nullable(),
  /** Every product in the category, whatever its status or stock. */
  productCount: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

/** GET /api/admin/categories: by name, uncategorized last (as the catalogue lists them, spec section 2). */
export const adminCategoryListSchema = z.object({ categories: z.array(adminCategorySchema) });
export type AdminCategoryList = z.infer<typeof adminCategoryListSchema>;

/** Orders categories by name (case-insensitive), with uncategorized last. */
export function byNameUncategorizedLast(a: Pick<AdminCategory, 'name' | 'slug'>, b: Pick<AdminCategory, 'name' | 'slug'>): number {
  const aLast = a.slug === UNCATEGORIZED_SLUG;
  const bLast = b.slug === UNCATEGORIZED_SLUG;
  if (aLast !== bLast) return aLast ? 1 : -1;
  return a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
}
