/**
 * POST /api/admin/products/bulk: one action on many products in one transaction (issue 10, point 3), and the plain
 * sentences the Manage screen's toast and the audit log show for its outcome.
 *
 * What the status actions mean (attributes.status, folded into products.status):
 * - publish sets 'published': listed on the public site;
 * - unpublish sets 'draft': taken off every public page, the sitemap and the catalogue at the next build;
 * - activate sets 'active', the status products get when nothing else is said (also public), so the per-row
 *   status select can set each of the three values.
 * Featured is attributes.is_featured (true or false); stock is in_stock; move sets category_id. award and reviewer set
 * that field of the editorial review (products.review), creating a review that holds only it where there is none and
 * removing a review left empty ('' for no award, null for no reviewer).
 */
import { z } from 'zod';
import { reviewFieldsSchema } from '../editorial/review.ts';
import { productFilterSchema, type ProductStatus } from './product-list.ts';

/** More than any one screen can select by hand; "all matching" has no such limit. */
export const MAX_BULK_IDS = 10_000;
/** 10,000 ids of up to 15 digits, with commas, and the rest of the body. */
export const BULK_MAX_BYTES = 200 * 1024;

export const bulkActions = ['publish', 'unpublish', 'activate', 'feature', 'unfeature', 'move', 'in-stock', 'out-of-stock', 'award', 'reviewer', 'delete'] as const;
export type BulkAction = (typeof bulkActions)[number];

/** The status each status action sets. */
export const statusOfAction: Partial<Record<BulkAction, ProductStatus>> = { publish: 'published', unpublish: 'draft', activate: 'active' };

export const bulkTexts = {
  failed: 'Bulk action failed',
  deleteFailed: 'Error deleting product',
  actionInvalid: `action must be one of ${bulkActions.join(', ')}.`,
  idsRequired: 'Select at least one product.',
  idsTooMany: `Select at most ${MAX_BULK_IDS.toLocaleString('en-US')} products at once, or use "Select all matching".`,
  idInvalid: 'ids must be product ids (whole numbers from 1).',
  targetRequired: 'Choose the products: send ids or allMatching, one of the two.',
  categoryRequired: 'categoryId: choose the category to move the products to.',
  categoryUnexpected: 'categoryId is only for the move action.',
  categoryNotFound: 'categoryId: that category does not exist (it may have been deleted).',
  awardRequired: "award: choose the award to give ('' removes it).",
  reviewerRequired: 'reviewerId: choose the reviewer (null names none).',
  reviewerInvalid: 'reviewerId must be an author id (a whole number from 1) or null.',
  reviewerNotFound: 'reviewerId: that author does not exist (they may have been deleted).',
  reviewOptionUnexpected: 'award and reviewerId are only for the award and reviewer actions.',
  productNotFound: 'Product not found',
  productNotFoundDescription: 'The product may have been deleted already.',
} as const;

const idSchema = z.number({ error: bulkTexts.idInvalid }).int(bulkTexts.idInvalid).positive(bulkTexts.idInvalid).max(Number.MAX_SAFE_INTEGER, bulkTexts.idInvalid);

export const bulkRequestSchema = z
  .strictObject({
    action: z.enum(bulkActions, { error: bulkTexts.actionInvalid }),
    categoryId: idSchema.optional(),
    /** The award action's label: a standard award or the editor's own (review rules); '' removes it. */
    award: reviewFieldsSchema.shape.award.optional(),
    /** The reviewer action's author id; null names none. */
    reviewerId: z.number({ error: bulkTexts.reviewerInvalid }).int(bulkTexts.reviewerInvalid).positive(bulkTexts.reviewerInvalid).nullable().optional(),
    ids: z.array(idSchema, { error: bulkTexts.idsRequired }).min(1, bulkTexts.idsRequired).max(MAX_BULK_IDS, bulkTexts.idsTooMany).optional(),
    allMatching: productFilterSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.ids === undefined) === (body.allMatching === undefined)) ctx.addIssue({ code: 'custom', path: ['ids'], message: bulkTexts.targetRequired });
    if (body.action === 'move' && body.categoryId === undefined) ctx.addIssue({ code: 'custom', path: ['categoryId'], message: bulkTexts.categoryRequired });
    if (body.action !== 'move' && body.categoryId !== undefined) ctx.addIssue({ code: 'custom', path: ['categoryId'], message: bulkTexts.categoryUnexpected });
    if (body.action === 'award' && body.award === undefined) ctx.addIssue({ code: 'custom', path: ['award'], message: bulkTexts.awardRequired });
    if (body.action === 'reviewer' && body.reviewerId === undefined) ctx.addIssue({ code: 'custom', path: ['reviewerId'], message: bulkTexts.reviewerRequired });
    if ((body.action !== 'award' && body.award !== undefined) || (body.action !== 'reviewer' && body.reviewerId !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['action'], message: bulkTexts.reviewOptionUnexpected });
    }
  })
  .transform((body) => ({ ...body, ids: body.ids && [...new Set(body.ids)] }));
export type BulkRequest = z.output<typeof bulkRequestSchema>;
export type BulkRequestInput = z.input<typeof bulkRequestSchema>;

/** How many products an action found, changed and left as they were. */
export interface BulkCounts {
  /** Selected products that exist. */
  matched: number;
  /** Of those, the ones the action changed (for delete: deleted). */
  changed: number;
  /** Selected ids that no longer exist (only with ids). */
  missing: number;
}

export const bulkResultSchema = z.object({
  action: z.enum(bulkActions),
  matched: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  missing: z.number().int(),
  /** The toast's title, e.g. 'Published 12 products'. */
  title: z.string(),
  /** The rest, e.g. '3 were already published.'; empty when there is nothing more to say. */
  description: z.string(),
  /** The undo record of what changed (POST /api/admin/undo/:id); null when nothing changed. */
  undoJobId: z.number().int().nullable(),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

function products(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'product' : 'products'}`;
}

function were(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'was' : 'were'}`;
}

/** What each action did, and what "left as it was" means for it. */
const phrases: Record<BulkAction, { done: (what: string, category: string) => string; already: (category: string, count: number) => string }> = {
  publish: { done: (what) => `Published ${what}`, already: () => 'already published' },
  unpublish: { done: (what) => `Unpublished ${what}`, already: (_, count) => (count === 1 ? 'already a draft' : 'already drafts') },
  activate: { done: (what) => `Set ${what} to active`, already: () => 'already active' },
  feature: { done: (what) => `Featured ${what}`, already: () => 'already featured' },
  unfeature: { done: (what) => `Removed ${what} from featured`, already: () => 'not featured' },
  move: { done: (what, category) => `Moved ${what} to ${category}`, already: (category) => `already in ${category}` },
  'in-stock': { done: (what) => `Marked ${what} in stock`, already: () => 'already in stock' },
  'out-of-stock': { done: (what) => `Marked ${what} out of stock`, already: () => 'already out of stock' },
  award: {
    done: (what, award) => (award ? `Gave ${what} the award ${award}` : `Removed the award from ${what}`),
    already: (award) => (award ? `already ${award}` : 'without an award'),
  },
  reviewer: {
    done: (what, name) => (name ? `Set the reviewer of ${what} to ${name}` : `Removed the reviewer from ${what}`),
    already: (name) => (name ? `already reviewed by ${name}` : 'without a reviewer'),
  },
  delete: { done: (what) => `Deleted ${what}`, already: () => '' },
};

/**
 * The outcome in words: 'Published 12 products' / '3 were already published. 1 no longer exists.'
 * `categoryName` names the target of a move.
 */
export function bulkResult(action: BulkAction, counts: BulkCounts, categoryName = ''): BulkResult {
  const unchanged = Math.max(0, counts.matched - counts.changed);
  const phrase = phrases[action];
  const notes: string[] = [];
  if (unchanged > 0) notes.push(`${were(unchanged)} ${phrase.already(categoryName, unchanged)}.`);
  if (counts.missing > 0) notes.push(`${counts.missing.toLocaleString('en-US')} no longer ${counts.missing === 1 ? 'exists' : 'exist'}.`);
  return {
    action,
    matched: counts.matched,
    changed: counts.changed,
    unchanged,
    missing: counts.missing,
    title: phrase.done(products(counts.changed), categoryName),
    description: notes.join(' '),
    undoJobId: null,
  };
}

/** The ids in an audit summary: the first few, then how many more, so one entry stays one readable line. */
export function idsSummary(ids: readonly number[], shown = 20): string {
  if (ids.length === 0) return 'no ids';
  const head = ids.slice(0, shown).join(', ');
  return ids.length > shown ? `ids ${head} and ${(ids.length - shown).toLocaleString('en-US')} more` : `${ids.length === 1 ? 'id' : 'ids'} ${head}`;
}

/** Whether an action on `count` products asks first: one product changes at once, more after a confirmation. */
export function bulkNeedsConfirmation(count: number): boolean {
  return count > 1;
}

/** The confirmation's question, naming the count and the change: 'Mark 92 products out of stock?'. */
export function bulkQuestion(action: BulkAction, count: number, categoryName = ''): string {
  const what = products(count);
  switch (action) {
    case 'publish':
      return `Publish ${what}?`;
    case 'unpublish':
      return `Unpublish ${what}?`;
    case 'activate':
      return `Set ${what} to active?`;
    case 'feature':
      return `Feature ${what}?`;
    case 'unfeature':
      return `Remove ${what} from featured?`;
    case 'move':
      return `Move ${what} to ${categoryName || 'the chosen category'}?`;
    case 'in-stock':
      return `Mark ${what} in stock?`;
    case 'out-of-stock':
      return `Mark ${what} out of stock?`;
    case 'award':
      return categoryName ? `Give ${what} the award ${categoryName}?` : `Remove the award from ${what}?`;
    case 'reviewer':
      return categoryName ? `Set the reviewer of ${what} to ${categoryName}?` : `Remove the reviewer from ${what}?`;
    case 'delete':
      return `Delete ${what}?`;
  }
}

/** What the confirmation says will change, and how to take it back. */
export function bulkWarning(action: BulkAction): string {
  const undo = 'You can undo it from the toast or from Recent activity on the overview.';
  switch (action) {
    case 'publish':
    case 'activate':
      return `Their status changes and they are listed on the public site at the next build. ${undo}`;
    case 'unpublish':
      return `They become drafts and leave the public site at the next build. ${undo}`;
    case 'feature':
    case 'unfeature':
      return `Their featured flag changes; the home page and Top Picks follow at the next build. ${undo}`;
    case 'move':
      return `Their category changes on the public site at the next build. ${undo}`;
    case 'in-stock':
    case 'out-of-stock':
      return `Their stock changes; only products whose stock differs are changed, so Undo puts back exactly those. ${undo}`;
    case 'award':
    case 'reviewer':
      return `Their review changes on the product pages and cards at the next build; the rest of each review stays. ${undo}`;
    case 'delete':
      return bulkDeleteWarning;
  }
}

/** The Manage screen's confirmation before a bulk delete. */
export function bulkDeleteQuestion(count: number): string {
  return bulkQuestion('delete', count);
}

export const bulkDeleteWarning =
  'Their click and view history is deleted with them, and they leave the public site at the next build. You can undo this for a day (from the toast or from Recent activity on the overview).';

/** Labels of the bulk action bar, in its order. */
export const bulkActionLabels: Record<BulkAction, string> = {
  publish: 'Publish',
  unpublish: 'Unpublish',
  activate: 'Set active',
  feature: 'Feature',
  unfeature: 'Unfeature',
  move: 'Move to category',
  'in-stock': 'Mark in stock',
  'out-of-stock': 'Mark out of stock',
  award: 'Set award',
  reviewer: 'Set reviewer',
  delete: 'Delete',
};
