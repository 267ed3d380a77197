/**
 * The contract of /api/admin/link-health* (issue 13, points 2-3): request and answer schemas shared by the
 * functions and the admin screens, so they cannot drift.
 *
 *   GET  /api/admin/link-health?view=problems|all&class=…&page=&pageSize=  → linkHealthListSchema (worst first)
 *   GET  /api/admin/link-health/:productId                                  → linkHealthHistorySchema
 *   POST /api/admin/link-health/check { ids } | { allMatching }             → 202 linkHealthCheckAnswerSchema
 *   POST /api/admin/link-health/:productId/acknowledge { class, finalUrl }  → linkHealthRowSchema
 *   GET|PUT /api/admin/link-health/settings { autoMarkOutOfStock }          → linkHealthSettingsSchema
 */
import { z } from 'zod';
import { productFilterSchema } from '../product-list.ts';
import { linkHealthClasses } from './classes.ts';

export const LINK_HEALTH_SETTING_ID = 'link_health';
export const LINK_HEALTH_PAGE_SIZES = [25, 50, 100] as const;
/** A selection of ids holds at most this many products (a page of Manage); more go as allMatching, one run. */
export const MAX_CHECK_IDS = 100;

export const linkHealthTexts = {
  listFailed: 'Could not load link health',
  productNotFound: 'Product not found',
  productNotFoundDescription: 'The product does not exist or was deleted.',
  notChecked: 'Not checked yet',
  notCheckedDescription: 'This product has no link check to acknowledge yet.',
  checkFailed: 'Could not start the link check',
  idsRequired: 'Select at least one product.',
  tooManyIds: `Select at most ${MAX_CHECK_IDS} products.`,
  idsInvalid: 'Product ids must be positive whole numbers.',
  unknownIds: 'Some selected products do not exist.',
  targetRequired: 'Choose the products: send ids or allMatching, one of the two.',
  noneMatching: 'No products match these filters.',
  acknowledgeFailed: 'Could not acknowledge the result',
  resultChanged: 'The result changed since the page was loaded; reload to see the new one.',
  classInvalid: `class must be one of ${linkHealthClasses.join(', ')}.`,
  cannotAcknowledgeOk: 'An OK result needs no acknowledgement.',
  settingsFailed: 'Could not save the link health settings',
  autoInvalid: 'autoMarkOutOfStock must be true or false.',
  viewInvalid: 'view must be problems or all.',
  pageInvalid: 'page must be a whole number from 1.',
  pageSizeInvalid: 'pageSize must be 25, 50 or 100.',
  runInvalid: 'run must be a run id.',
} as const;

const classSchema = z.enum(linkHealthClasses, { error: linkHealthTexts.classInvalid });

// The list.

/** problems: flagged and not acknowledged, plus 'could not check' (blocked) links; all: every checked link. */
export const linkHealthViews = ['problems', 'all'] as const;

export const linkHealthListQuerySchema = z.strictObject({
  view: z.enum(linkHealthViews, { error: linkHealthTexts.viewInvalid }).default('problems'),
  class: classSchema.optional(),
  page: z.coerce.number({ error: linkHealthTexts.pageInvalid }).int(linkHealthTexts.pageInvalid).min(1, linkHealthTexts.pageInvalid).max(100_000, linkHealthTexts.pageInvalid).default(1),
  pageSize: z
    .enum(LINK_HEALTH_PAGE_SIZES.map(String) as ['25', '50', '100'], { error: linkHealthTexts.pageSizeInvalid })
    .transform(Number)
    .default(25),
  /** A run the screen started and follows to its end (followedRun), whichever run is open. */
  run: z.coerce.number({ error: linkHealthTexts.runInvalid }).int(linkHealthTexts.runInvalid).positive(linkHealthTexts.runInvalid).max(Number.MAX_SAFE_INTEGER, linkHealthTexts.runInvalid).optional(),
});
export type LinkHealthListQuery = z.output<typeof linkHealthListQuerySchema>;

export const linkHealthRowSchema = z.object({
  productId: z.number().int(),
  productName: z.string(),
  productSlug: z.string(),
  inStock: z.boolean(),
  /** The URL checked: the product's affiliate URL with the Amazon tag, as the buy button sends it. */
  url: z.string(),
  lastClass: classSchema,
  lastStatus: z.number().int().nullable(),
  lastFinalUrl: z.string().nullable(),
  lastDetail: z.string(),
  lastCheckedAt: z.iso.datetime(),
  consecutive: z.number().int(),
  flagged: z.boolean(),
  acknowledged: z.boolean(),
  /** What the overview counts as a problem: flagged and not acknowledged. */
  reported: z.boolean(),
  nextCheckAt: z.iso.datetime(),
});
export type LinkHealthRow = z.infer<typeof linkHealthRowSchema>;

export const linkCheckRunSchema = z.object({
  id: z.number().int(),
  trigger: z.enum(['schedule', 'manual']),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  total: z.number().int(),
  checked: z.number().int(),
});
export type LinkCheckRunSummary = z.infer<typeof linkCheckRunSchema>;

export const linkHealthListSchema = z.object({
  rows: z.array(linkHealthRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Current class of every checked link, for the overview. */
  counts: z.record(classSchema, z.number().int()),
  /** Links the overview shows as problems (flagged, not acknowledged). */
  reported: z.number().int(),
  /** Broken links (404, 410, a 'gone' page) after one check, waiting for the second to confirm them. */
  unconfirmedBroken: z.number().int(),
  /** Links whose last check could not get an answer (blocked by the retailer). */
  couldNotCheck: z.number().int(),
  activeRun: linkCheckRunSchema.nullable(),
  lastRun: linkCheckRunSchema.nullable(),
  /** The run asked for with `run`, finished or not; null when none was asked for or it does not exist. */
  followedRun: linkCheckRunSchema.nullable(),
});
export type LinkHealthList = z.infer<typeof linkHealthListSchema>;

// The history of one product.

export const linkCheckSchema = z.object({
  id: z.number().int(),
  checkedAt: z.iso.datetime(),
  url: z.string(),
  /** 'HEAD', 'GET' or 'HEAD+GET'. */
  method: z.string(),
  statusCode: z.number().int().nullable(),
  finalUrl: z.string().nullable(),
  class: classSchema,
  detail: z.string(),
  durationMs: z.number().int(),
});
export type LinkCheck = z.infer<typeof linkCheckSchema>;

export const linkHealthHistorySchema = z.object({
  product: z.object({ id: z.number().int(), name: z.string(), slug: z.string(), affiliateUrl: z.string(), inStock: z.boolean() }),
  health: linkHealthRowSchema.nullable(),
  /** Newest first, at most HISTORY_LIMIT. */
  checks: z.array(linkCheckSchema),
});
export type LinkHealthHistory = z.infer<typeof linkHealthHistorySchema>;
export const HISTORY_LIMIT = 100;

// On demand.

export const linkHealthCheckInputSchema = z
  .strictObject({
    ids: z
      .array(z.number({ error: linkHealthTexts.idsInvalid }).int(linkHealthTexts.idsInvalid).positive(linkHealthTexts.idsInvalid), { error: linkHealthTexts.idsRequired })
      .min(1, linkHealthTexts.idsRequired)
      .max(MAX_CHECK_IDS, linkHealthTexts.tooManyIds)
      .transform((ids) => [...new Set(ids)].sort((a, b) => a - b))
      .optional(),
    /**
     * Every product matching the list's filters (Manage's 'Select all matching'), as bulk actions take it: the server
     * reads the ids, so any number of products is one run, checked by one invocation through one host gate.
     */
    allMatching: productFilterSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.ids === undefined) === (body.allMatching === undefined)) ctx.addIssue({ code: 'custom', path: ['ids'], message: linkHealthTexts.targetRequired });
  });
export type LinkHealthCheckInput = z.output<typeof linkHealthCheckInputSchema>;

/** 202: the run is stored and running; the screen polls GET /api/admin/link-health (activeRun) or the product's history. */
export const linkHealthCheckAnswerSchema = z.object({ run: linkCheckRunSchema });

// Acknowledge.

/** The result being acknowledged, as the screen showed it: a stale screen cannot silence a result it never saw. */
export const linkHealthAcknowledgeInputSchema = z.strictObject({
  class: classSchema.refine((kind) => kind !== 'ok', linkHealthTexts.cannotAcknowledgeOk),
  finalUrl: z.string().max(4000).nullable(),
});
export type LinkHealthAcknowledgeInput = z.infer<typeof linkHealthAcknowledgeInputSchema>;

// Settings.

export const linkHealthSettingsInputSchema = z.strictObject({
  autoMarkOutOfStock: z.boolean({ error: linkHealthTexts.autoInvalid }),
});
export type LinkHealthSettingsInput = z.infer<typeof linkHealthSettingsInputSchema>;

export const linkHealthSettingsSchema = z.object({
  autoMarkOutOfStock: z.boolean(),
  updatedAt: z.iso.datetime().nullable(),
});
export type LinkHealthSettings = z.infer<typeof linkHealthSettingsSchema>;

/** The stored settings value, tolerant of a missing or older record: off unless explicitly on. */
export function storedLinkHealthSettings(value: unknown): { autoMarkOutOfStock: boolean } {
  const parsed = linkHealthSettingsInputSchema.safeParse(value);
  return { autoMarkOutOfStock: parsed.success ? parsed.data.autoMarkOutOfStock : false };
}
