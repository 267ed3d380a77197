/**
 * The Pinterest publisher's HTTP contract (issue 12): every request and answer of /api/admin/pins* and
 * /api/admin/pinterest/*, as zod schemas shared by the functions and the /dashboard/pinterest island.
 *
 *   GET    /api/admin/pins?status=&board=&source=&page=&pageSize=  → PinList
 *   POST   /api/admin/pins                 PinCreateRequest         → { pin, publish?: PublishReport }
 *   GET    /api/admin/pins/defaults?product=ID | ?post=ID           → PinDefaults
 *   GET    /api/admin/pins/:id                                      → { pin }
 *   PUT    /api/admin/pins/:id             PinUpdateRequest         → { pin, publish?: PublishReport }
 *   DELETE /api/admin/pins/:id                                      → { deleted: true }
 *   POST   /api/admin/pins/bulk            PinBulkRequest           → PinBulkResult
 *   POST   /api/admin/pins/publish         PublishNowRequest        → PublishReport
 *   POST   /api/admin/pins/export          PinExportRequest         → PinExport (one CSV text per file)
 *   GET    /api/admin/pinterest/boards                               → BoardsAnswer (cached briefly)
 *   GET    /api/admin/pinterest/settings                             → PinterestState
 *   PUT    /api/admin/pinterest/settings   PinterestSettingsRequest → PinterestState
 *
 * Errors answer { error: { title, description } } like every admin function; a 422's description is the first
 * broken rule, e.g. 'Title must be at most 100 characters.'.
 */
import { z } from 'zod';
import type { ImageChoice } from './images.ts';
import {
  BOARD_NAME_MAX,
  PIN_ALT_TEXT_MAX,
  PIN_DESCRIPTION_MAX,
  PIN_IMAGE_URL_MAX,
  PIN_LINK_MAX,
  PIN_TITLE_MAX,
  PINS_PER_HOUR_MAX,
  textLength,
} from './limits.ts';
import { pinSourceTypes, pinStatuses, pinTexts } from './texts.ts';

export const PIN_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PIN_PAGE_SIZE = 25;
export const MAX_PIN_IDS = 500;
/** 500 pins of full texts stay well under this; a bulk edit carries ids only. */
export const PIN_BODY_MAX_BYTES = 64 * 1024;

const idSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const idsSchema = z
  .array(idSchema, { error: pinTexts.idsInvalid })
  .min(1, pinTexts.idsInvalid)
  .max(MAX_PIN_IDS, pinTexts.idsInvalid)
  .transform((ids) => [...new Set(ids)]);

const limited = (limit: number, message: string) => z.string().refine((value) => textLength(value) <= limit, message);

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

export const pinTitleSchema = z.string({ error: pinTexts.titleRequired }).trim().min(1, pinTexts.titleRequired).pipe(limited(PIN_TITLE_MAX, pinTexts.titleTooLong));
export const pinDescriptionSchema = z.string({ error: pinTexts.descriptionTooLong }).trim().pipe(limited(PIN_DESCRIPTION_MAX, pinTexts.descriptionTooLong));
export const pinLinkSchema = z
  .string({ error: pinTexts.linkRequired })
  .trim()
  .min(1, pinTexts.linkRequired)
  .max(PIN_LINK_MAX, pinTexts.linkTooLong)
  .refine(isHttpUrl, pinTexts.linkInvalid);
export const pinImageUrlSchema = z
  .string({ error: pinTexts.imageRequired })
  .trim()
  .min(1, pinTexts.imageRequired)
  .max(PIN_IMAGE_URL_MAX, pinTexts.imageInvalid)
  .refine((value) => (value.startsWith('/') && !value.startsWith('//')) || isHttpUrl(value), pinTexts.imageInvalid);
export const pinAltTextSchema = z.string({ error: pinTexts.altTextTooLong }).trim().pipe(limited(PIN_ALT_TEXT_MAX, pinTexts.altTextTooLong));
/** Pinterest board ids are digits (PinCreate.board_id pattern ^\d+$). */
export const boardIdSchema = z.string({ error: pinTexts.boardInvalid }).regex(/^\d{1,30}$/, pinTexts.boardInvalid);
export const boardNameSchema = z.string({ error: pinTexts.boardInvalid }).trim().min(1, pinTexts.boardInvalid).max(BOARD_NAME_MAX, pinTexts.boardInvalid);
const isoDateSchema = z.iso.datetime({ offset: true, error: pinTexts.publishAtInvalid }).transform((value) => new Date(value));

/**
 * How the pin goes out: kept as a draft, published as soon as the pace allows ('now'), or scheduled at publishAt.
 * 'now' and 'schedule' need a board.
 */
export const publishModes = ['draft', 'now', 'schedule'] as const;
export type PublishMode = (typeof publishModes)[number];

/** Our product or post page with UTM parameters (default), or the product's affiliate URL (then marked affiliate). */
export const linkTypes = ['page', 'affiliate'] as const;
export type LinkType = (typeof linkTypes)[number];

export const pinSourceRefSchema = z.strictObject(
  { type: z.enum(pinSourceTypes, { error: pinTexts.sourceInvalid }), id: idSchema },
  { error: pinTexts.sourceInvalid },
);
export type PinSourceRef = z.infer<typeof pinSourceRefSchema>;

/** The editable fields; on create every text is optional and defaults to the source's (default-texts.ts). */
const pinFieldsShape = {
  title: pinTitleSchema,
  description: pinDescriptionSchema,
  /** A link the admin typed; without it the link follows linkType. Own-site links always get the UTM parameters. */
  link: pinLinkSchema,
  linkType: z.enum(linkTypes, { error: 'Link type must be page or affiliate.' }),
  imageUrl: pinImageUrlSchema,
  altText: pinAltTextSchema,
  boardId: boardIdSchema.nullable(),
  boardName: boardNameSchema.nullable(),
  publish: z.enum(publishModes, { error: 'Publish must be draft, now or schedule.' }),
  publishAt: isoDateSchema.nullable(),
};

/**
 * A schedule needs a time; 'now' and 'schedule' need a board, by id or (for the CSV route, without a token) by name.
 * Whether a name alone is enough depends on the token, which only the server knows (board-rule.ts hasUsableBoard).
 */
function checkPublish(body: { publish?: PublishMode; publishAt?: Date | null; boardId?: string | null; boardName?: string | null }, ctx: z.RefinementCtx, requireBoard: boolean) {
  if (body.publish === 'schedule' && !body.publishAt) ctx.addIssue({ code: 'custom', path: ['publishAt'], message: pinTexts.publishAtRequired });
  if (requireBoard && (body.publish === 'now' || body.publish === 'schedule') && !body.boardId && !body.boardName) {
    ctx.addIssue({ code: 'custom', path: ['boardId'], message: pinTexts.boardRequired });
  }
}

export const pinCreateRequestSchema = z
  .strictObject({ source: pinSourceRefSchema, ...pinFieldsShape })
  .partial()
  .required({ source: true })
  .superRefine((body, ctx) => checkPublish(body, ctx, true));
export type PinCreateRequest = z.input<typeof pinCreateRequestSchema>;
export type PinCreateInput = z.output<typeof pinCreateRequestSchema>;

/** Only what is sent changes; a board is needed when the result is to be published. */
export const pinUpdateRequestSchema = z
  .strictObject(pinFieldsShape)
  .partial()
  .superRefine((body, ctx) => checkPublish(body, ctx, false));
export type PinUpdateRequest = z.input<typeof pinUpdateRequestSchema>;
export type PinUpdateInput = z.output<typeof pinUpdateRequestSchema>;

/** One pin as the list and the editor show it. Dates are ISO text. */
export const pinSchema = z.object({
  id: z.number(),
  /** The idempotency key Pinterest sees in the link's utm_content. */
  key: z.string(),
  source: z.object({ type: z.enum(pinSourceTypes), id: z.number().nullable(), name: z.string().nullable(), slug: z.string().nullable() }),
  title: z.string(),
  description: z.string(),
  link: z.string(),
  isAffiliate: z.boolean(),
  imageUrl: z.string(),
  altText: z.string(),
  boardId: z.string().nullable(),
  boardName: z.string().nullable(),
  status: z.enum(pinStatuses),
  publishAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  pinterestPinId: z.string().nullable(),
  pinterestUrl: z.string().nullable(),
  failureReason: z.string().nullable(),
  attempts: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PinView = z.infer<typeof pinSchema>;

export const pinListQuerySchema = z.strictObject({
  status: z.enum(pinStatuses, { error: `status must be one of ${pinStatuses.join(', ')}.` }).optional(),
  board: boardIdSchema.optional(),
  source: z.enum(pinSourceTypes, { error: 'source must be product or post.' }).optional(),
  page: z.coerce.number({ error: 'page must be a whole number from 1.' }).int('page must be a whole number from 1.').min(1, 'page must be a whole number from 1.').max(100_000, 'page must be a whole number from 1.').default(1),
  pageSize: z.coerce
    .number()
    .refine((size) => (PIN_PAGE_SIZES as readonly number[]).includes(size), `pageSize must be one of ${PIN_PAGE_SIZES.join(', ')}.`)
    .default(DEFAULT_PIN_PAGE_SIZE),
});
export type PinListQuery = z.output<typeof pinListQuerySchema>;

/** The list query from a URL's search parameters (empty values count as absent). */
export function parsePinListQuery(params: URLSearchParams): { ok: true; value: PinListQuery } | { ok: false; message: string } {
  const raw: Record<string, string> = {};
  for (const [name, value] of params) if (value !== '') raw[name] = value;
  const result = pinListQuerySchema.safeParse(raw);
  return result.success ? { ok: true, value: result.data } : { ok: false, message: result.error.issues[0]?.message ?? pinTexts.invalidQuery };
}

export const pinListSchema = z.object({
  rows: z.array(pinSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Pins per status over every board, for the filter's badges. */
  counts: z.record(z.enum(pinStatuses), z.number()),
});
export type PinList = z.infer<typeof pinListSchema>;

/** GET /api/admin/pins/defaults: what the 'New pin' form starts with. */
export const pinDefaultsSchema = z.object({
  source: z.object({ type: z.enum(pinSourceTypes), id: z.number(), name: z.string(), slug: z.string() }),
  title: z.string(),
  description: z.string(),
  /** Descriptions for each link type, so switching to the affiliate link adds the disclosure. */
  descriptionForAffiliate: z.string(),
  altText: z.string(),
  /** Our page with UTM parameters (the pin's key is added to utm_content when it is saved). */
  pageLink: z.string(),
  /** The product's affiliate URL as the buy button links it; null for a post. */
  affiliateLink: z.string().nullable(),
  images: z.array(z.object({ url: z.string(), label: z.string() })),
  /** The first image, as the form preselects it. */
  imageUrl: z.string().nullable(),
  /** Whether the source already has a pin (any status). */
  existingPins: z.number(),
});
export type PinDefaults = z.infer<typeof pinDefaultsSchema> & { images: ImageChoice[] };

/** POST /api/admin/pins/bulk. */
export const pinBulkRequestSchema = z.discriminatedUnion(
  'action',
  [
    z.strictObject({
      action: z.literal('create-drafts'),
      /** Every product of a category, or every product and (published) post without a pin yet. */
      scope: z.discriminatedUnion('type', [
        z.strictObject({ type: z.literal('category'), categoryId: idSchema }),
        z.strictObject({ type: z.literal('without-pin') }),
      ]),
      boardId: boardIdSchema.nullable().optional(),
      boardName: boardNameSchema.nullable().optional(),
    }),
    z.strictObject({
      action: z.literal('edit'),
      ids: idsSchema,
      boardId: boardIdSchema.optional(),
      boardName: boardNameSchema.optional(),
      altText: pinAltTextSchema.optional(),
    }),
    z.strictObject({
      action: z.literal('reschedule'),
      ids: idsSchema,
      /** The first pin's time; the others follow everyMinutes apart in list order (0: all at once). */
      publishAt: isoDateSchema,
      everyMinutes: z.number().int().min(0).max(24 * 60).default(0),
    }),
    z.strictObject({ action: z.literal('to-draft'), ids: idsSchema }),
    z.strictObject({ action: z.literal('delete'), ids: idsSchema }),
  ],
  { error: 'action must be create-drafts, edit, reschedule, to-draft or delete.' },
);
export type PinBulkRequest = z.input<typeof pinBulkRequestSchema>;
export type PinBulkInput = z.output<typeof pinBulkRequestSchema>;

export const pinBulkResultSchema = z.object({
  action: z.string(),
  /** Pins (or, for create-drafts, sources) the request named or found. */
  matched: z.number(),
  changed: z.number(),
  /** Left as they were: already pinned, publishing or published, or without a board. */
  unchanged: z.number(),
  /** Ids that do not exist. */
  missing: z.number(),
  /** The toast's sentences. */
  title: z.string(),
  description: z.string(),
});
export type PinBulkResult = z.infer<typeof pinBulkResultSchema>;

export const publishNowRequestSchema = z.strictObject({ ids: idsSchema });
export type PublishNowRequest = z.input<typeof publishNowRequestSchema>;

export const publishStopReasons = ['done', 'not-configured', 'token', 'rate-limited', 'time-budget', 'pace'] as const;
export type PublishStopReason = (typeof publishStopReasons)[number];

/** What one run of the publisher did (the scheduled job's log line and 'Publish now's answer). */
export const publishReportSchema = z.object({
  published: z.number(),
  failed: z.number(),
  /** Due pins left for a later run (pace, time budget, rate limit, token). */
  left: z.number(),
  /** Pins found already made on Pinterest after an interrupted run, and recorded without sending again. */
  reconciled: z.number(),
  stoppedBecause: z.enum(publishStopReasons),
  message: z.string(),
  results: z.array(z.object({ id: z.number(), status: z.enum(pinStatuses), failureReason: z.string().nullable(), pinterestUrl: z.string().nullable() })),
});
export type PublishReport = z.infer<typeof publishReportSchema>;

export const pinExportRequestSchema = z.strictObject({ ids: idsSchema });
export type PinExportRequest = z.input<typeof pinExportRequestSchema>;

export const pinExportSchema = z.object({
  files: z.array(z.object({ filename: z.string(), rows: z.number(), csv: z.string() })),
  skipped: z.array(z.object({ id: z.number(), reason: z.string() })),
});
export type PinExport = z.infer<typeof pinExportSchema>;

export const boardSchema = z.object({ id: z.string(), name: z.string(), privacy: z.string().nullable() });
export type Board = z.infer<typeof boardSchema>;

export const tokenStatuses = ['not_configured', 'unchecked', 'valid', 'needs_renewal'] as const;
export type TokenStatus = (typeof tokenStatuses)[number];

export const boardsAnswerSchema = z.object({
  tokenStatus: z.enum(tokenStatuses),
  boards: z.array(boardSchema),
  /** Why the list is empty when it is (not configured, token refused, Pinterest unreachable). */
  message: z.string().nullable(),
});
export type BoardsAnswer = z.infer<typeof boardsAnswerSchema>;

export const pinterestStateSchema = z.object({
  configured: z.boolean(),
  tokenStatus: z.enum(tokenStatuses),
  /** The plain sentence the screen shows for the token's state (pinTexts). */
  tokenMessage: z.string().nullable(),
  pinsPerHour: z.number(),
  /** Where the pace comes from: the settings screen, PINTEREST_PINS_PER_HOUR, or the default. */
  pinsPerHourSource: z.enum(['setting', 'env', 'default']),
  trialAccessNotice: z.string(),
  scopes: z.array(z.string()),
  lastRun: z
    .object({ at: z.string(), published: z.number(), failed: z.number(), left: z.number(), stoppedBecause: z.enum(publishStopReasons), message: z.string() })
    .nullable(),
  /** Pins waiting: scheduled and due now or earlier. */
  due: z.number(),
  /** A 429 asked us to wait until then. */
  rateLimitedUntil: z.string().nullable(),
});
export type PinterestState = z.infer<typeof pinterestStateSchema>;

export const pinterestSettingsRequestSchema = z.strictObject({
  pinsPerHour: z.number({ error: pinTexts.pinsPerHourInvalid }).int(pinTexts.pinsPerHourInvalid).min(1, pinTexts.pinsPerHourInvalid).max(PINS_PER_HOUR_MAX, pinTexts.pinsPerHourInvalid),
});
export type PinterestSettingsRequest = z.input<typeof pinterestSettingsRequestSchema>;

export const PINTEREST_SCOPES = ['boards:read', 'boards:write', 'pins:read', 'pins:write'] as const;
