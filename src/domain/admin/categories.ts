/**
 * The admin's view of categories (spec section 3), shared by the functions under /api/admin/categories and the admin
 * islands that show or pick categories (the categories manager, the product form, the products list filters).
 *
 * Rules decided here:
 * - A new category's slug is its name lowercased and hyphenated (spec section 5). Slugs never change afterwards:
 *   renaming keeps the slug, so links shoppers, search engines and the footer hold keep working.
 * - Names are unique by slug: a name whose slug is taken, or which slugifies like another category's name, is
 *   refused (409) rather than suffixed. A second 'Yoga' is a mistake, not a new category.
 * - 'uncategorized' is the default: it cannot be renamed or deleted; a deleted category's products move to it.
 * - Navigation order: the order PUT lists categories first to last (1..n); every other category follows, keeping its
 *   previous relative order, so no two categories share a place and nothing is lost when one is shown again.
 */
import { z } from 'zod';
import { slugify } from '../slug.ts';

/** The default category: every product without one belongs here (spec section 3). */
export const UNCATEGORIZED_SLUG = 'uncategorized';
export const UNCATEGORIZED_NAME = 'Uncategorized';
export const UNCATEGORIZED_DESCRIPTION = 'Products that have not been sorted into a category yet.';

export const CATEGORY_NAME_MAX = 80;
export const CATEGORY_DESCRIPTION_MAX = 500;
/** More than any real shop has; bounds the order PUT. */
export const NAVIGATION_ORDER_MAX = 500;

export const categoryTexts = {
  created: 'Category created',
  createFailed: 'Error creating category',
  updated: 'Category updated',
  updateFailed: 'Error updating category',
  deleted: 'Category deleted',
  deleteFailed: 'Error deleting category',
  reordered: 'Navigation order saved',
  reorderFailed: 'Error saving navigation order',
  publicAfterRebuild: 'The public site shows it once the site has been rebuilt.',

  bodyInvalid: 'Send the category as a JSON object.',
  nameRequired: 'Name is required.',
  nameTooLong: `Name must be at most ${CATEGORY_NAME_MAX} characters.`,
  nameWithoutSlug: 'Name must contain a letter or digit (a-z, 0-9), from which its web address is made.',
  descriptionInvalid: 'Description must be text.',
  descriptionTooLong: `Description must be at most ${CATEGORY_DESCRIPTION_MAX} characters.`,
  showInNavigationInvalid: 'Show in navigation must be true or false.',
  notFound: 'This category no longer exists. Reload the list to see the current categories.',
  uncategorizedRename: 'Uncategorized is the default category: its name cannot be changed.',
  uncategorizedDelete: 'Uncategorized is the default category and cannot be deleted: products of deleted categories move to it.',
  orderInvalid: 'List the categories of the navigation, first to last, by id.',
  orderEmpty: 'List at least one category to order.',
  orderTooLong: `List at most ${NAVIGATION_ORDER_MAX} categories.`,
  orderDuplicate: 'Each category can appear only once in the navigation order.',
  orderUnknown: 'Some of these categories no longer exist. Reload the list and try again.',
} as const;

/** 'A category named "Yoga" (slug "yoga") already exists.' */
export function duplicateCategoryText(existing: { name: string; slug: string }): string {
  return `A category named "${existing.name}" (slug "${existing.slug}") already exists.`;
}

export function createdCategoryText(category: { name: string }): string {
  return `"${category.name}" is saved. ${categoryTexts.publicAfterRebuild}`;
}

export function deletedCategoryText(category: { name: string }, movedProducts: number): string {
  if (movedProducts === 0) return `"${category.name}" is deleted. It had no products.`;
  const products = movedProducts === 1 ? '1 product' : `${movedProducts.toLocaleString('en-US')} products`;
  return `"${category.name}" is deleted. Its ${products} moved to ${UNCATEGORIZED_NAME}.`;
}

/** What the delete confirmation says will happen. */
export function deleteConsequenceText(productCount: number): string {
  if (productCount === 0) return 'It has no products. This cannot be undone.';
  const products = productCount === 1 ? 'Its 1 product moves' : `Its ${productCount.toLocaleString('en-US')} products move`;
  return `${products} to ${UNCATEGORIZED_NAME}. This cannot be undone.`;
}

/**
 * The category slug rule (spec section 5: lowercased and hyphenated): every run of characters that is not a letter,
 * digit or apostrophe separates words ('Yoga/Pilates' → 'yoga-pilates', 'Recovery & Wellness' → 'recovery-wellness'),
 * apostrophes vanish ("Women's" → 'womens'), accents are dropped, stray hyphens trimmed. Empty when the name has no
 * letter or digit a URL can carry.
 */
export function categorySlug(name: string): string {
  const withoutAccents = name.normalize('NFKD').replace(/\p{M}/gu, '');
  return slugify(withoutAccents.replace(/[^\p{L}\p{N}'’]+/gu, ' ').replace(/['’]/g, ''));
}

/**
 * The category a new name would clash with: one whose slug is the name's slug, or whose own name slugifies the same
 * (its slug may differ after a rename). `exceptId` is the category being renamed.
 */
export function conflictingCategory<T extends { id: number; name: string; slug: string }>(name: string, existing: readonly T[], exceptId?: number): T | undefined {
  const slug = categorySlug(name);
  return existing.find((category) => category.id !== exceptId && (category.slug === slug || categorySlug(category.name) === slug));
}

export function isUncategorized(category: { slug: string }): boolean {
  return category.slug === UNCATEGORIZED_SLUG;
}

// Requests.

const nameSchema = z
  .string({ error: categoryTexts.nameRequired })
  .trim()
  .min(1, categoryTexts.nameRequired)
  .max(CATEGORY_NAME_MAX, categoryTexts.nameTooLong)
  .refine((name) => categorySlug(name) !== '', categoryTexts.nameWithoutSlug);

/** Plain text (Astro escapes it where shown); blank is stored as null. */
const descriptionSchema = z
  .string({ error: categoryTexts.descriptionInvalid })
  .trim()
  .max(CATEGORY_DESCRIPTION_MAX, categoryTexts.descriptionTooLong)
  .nullish()
  .transform((text) => (text ? text : null));

const showInNavigationSchema = z.boolean({ error: categoryTexts.showInNavigationInvalid });

/** POST /api/admin/categories. Shown in navigation unless told otherwise, as the spec's insert does (section 7). */
export const categoryCreateSchema = z.object(
  { name: nameSchema, description: descriptionSchema, showInNavigation: showInNavigationSchema.default(true) },
  { error: categoryTexts.bodyInvalid },
);
export type CategoryCreate = z.output<typeof categoryCreateSchema>;

/** PUT /api/admin/categories/:id: every editable field (the slug is not one of them). */
export const categoryUpdateSchema = z.object(
  { name: nameSchema, description: descriptionSchema, showInNavigation: showInNavigationSchema },
  { error: categoryTexts.bodyInvalid },
);
export type CategoryUpdate = z.output<typeof categoryUpdateSchema>;

/**
 * The create and edit forms: the same rules over what the inputs hold (a description box is never null), giving the
 * body of either request.
 */
export const categoryFormSchema = z.object({
  name: nameSchema,
  description: z
    .string()
    .trim()
    .max(CATEGORY_DESCRIPTION_MAX, categoryTexts.descriptionTooLong)
    .transform((text) => (text ? text : null)),
  showInNavigation: showInNavigationSchema,
});
export type CategoryForm = z.input<typeof categoryFormSchema>;
export const blankCategoryForm: CategoryForm = { name: '', description: '', showInNavigation: true };

export function categoryFormFrom(category: Pick<AdminCategory, 'name' | 'description' | 'showInNavigation'>): CategoryForm {
  return { name: category.name, description: category.description ?? '', showInNavigation: category.showInNavigation };
}

/** PUT /api/admin/categories/order: the categories of the header navigation, first to last. */
export const navigationOrderSchema = z.object(
  {
    ids: z
      .array(z.number({ error: categoryTexts.orderInvalid }).int(categoryTexts.orderInvalid).positive(categoryTexts.orderInvalid), {
        error: categoryTexts.orderInvalid,
      })
      .min(1, categoryTexts.orderEmpty)
      .max(NAVIGATION_ORDER_MAX, categoryTexts.orderTooLong)
      .refine((ids) => new Set(ids).size === ids.length, categoryTexts.orderDuplicate),
  },
  { error: categoryTexts.orderInvalid },
);
export type NavigationOrder = z.output<typeof navigationOrderSchema>;

/**
 * Every category's navigation_order after an order PUT: the listed ids 1..n, then the others in their previous
 * order (ordered ones first, then by name). Only the rows whose order changes are returned.
 */
export function renumberNavigation(
  categories: readonly { id: number; name: string; navigationOrder: number | null }[],
  orderedIds: readonly number[],
): { id: number; navigationOrder: number }[] {
  const listed = new Set(orderedIds);
  const rest = categories
    .filter((category) => !listed.has(category.id))
    .sort((a, b) => (a.navigationOrder ?? Infinity) - (b.navigationOrder ?? Infinity) || a.name.localeCompare(b.name, 'en') || a.id - b.id)
    .map((category) => category.id);
  const current = new Map(categories.map((category) => [category.id, category.navigationOrder]));
  return [...orderedIds, ...rest]
    .map((id, index) => ({ id, navigationOrder: index + 1 }))
    .filter(({ id, navigationOrder }) => current.get(id) !== navigationOrder);
}

/** The place a category takes when it joins the navigation: after the last one shown. */
export function nextNavigationOrder(categories: readonly { showInNavigation: boolean; navigationOrder: number | null }[]): number {
  const shown = categories.filter((category) => category.showInNavigation && category.navigationOrder !== null).map((category) => category.navigationOrder!);
  return shown.length === 0 ? 1 : Math.max(...shown) + 1;
}

/** The audit line of an edit, naming what changed; null when nothing did. */
export function categoryChangeSummary(before: Pick<AdminCategory, 'name' | 'description' | 'showInNavigation'>, after: CategoryUpdate): string | null {
  const changes: string[] = [];
  if (before.name !== after.name) changes.push(`renamed from "${before.name}"`);
  if ((before.description ?? null) !== after.description) changes.push('description changed');
  if (before.showInNavigation !== after.showInNavigation) changes.push(after.showInNavigation ? 'shown in navigation' : 'hidden from navigation');
  return changes.length === 0 ? null : `Updated category "${after.name}": ${changes.join(', ')}`;
}

// Answers.

export const adminCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  showInNavigation: z.boolean(),
  navigationOrder: z.number().int().nullable(),
  /** Every product in the category, whatever its status or stock: what a delete moves. */
  productCount: z.number().int(),
  /** What shoppers see in the catalogue's default view: not drafts, available and in stock. */
  publicProductCount: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

/** GET /api/admin/categories: by name, uncategorized last (as the catalogue lists them, spec section 2). */
export const adminCategoryListSchema = z.object({ categories: z.array(adminCategorySchema) });
export type AdminCategoryList = z.infer<typeof adminCategoryListSchema>;

/** DELETE /api/admin/categories/:id. */
export const categoryDeletedSchema = z.object({
  deleted: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  movedProducts: z.number().int(),
});
export type CategoryDeleted = z.infer<typeof categoryDeletedSchema>;

/** Orders categories by name (case-insensitive), with uncategorized last. */
export function byNameUncategorizedLast(a: Pick<AdminCategory, 'name' | 'slug'>, b: Pick<AdminCategory, 'name' | 'slug'>): number {
  const aLast = a.slug === UNCATEGORIZED_SLUG;
  const bLast = b.slug === UNCATEGORIZED_SLUG;
  if (aLast !== bLast) return aLast ? 1 : -1;
  return a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
}
