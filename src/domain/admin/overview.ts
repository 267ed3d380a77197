/**
 * GET /api/admin/overview: the figures on the admin overview. The schema is shared by the function
 * (which answers with it) and the admin island (which parses the answer), so neither imports the other.
 */
import { z } from 'zod';

export const siteBuildStatuses = ['queued', 'building', 'succeeded', 'failed'] as const;
export type SiteBuildStatus = (typeof siteBuildStatuses)[number];

/** A rebuild request as the admin panel sees it; dates travel as ISO strings. */
export const siteBuildSchema = z.object({
  id: z.number().int(),
  status: z.enum(siteBuildStatuses),
  reason: z.string().nullable(),
  target: z.string(),
  requestedAt: z.coerce.date(),
  startedAt: z.coerce.date().nullable(),
  finishedAt: z.coerce.date().nullable(),
  error: z.string().nullable(),
});
export type SiteBuildSummary = z.infer<typeof siteBuildSchema>;

export const buildStatusSchema = z.object({
  /** The latest requests, newest first. */
  builds: z.array(siteBuildSchema),
  /** True while a request is queued or building. */
  active: z.boolean(),
});
export type BuildStatus = z.infer<typeof buildStatusSchema>;

const count = z.number().int().nonnegative();

export const adminOverviewSchema = z.object({
  products: z.object({ total: count, inStock: count, clicks: count, conversions: count, revenueCents: z.number().int() }),
  categories: count,
  posts: z.object({ published: count, drafts: count }),
  users: count,
  messages: count,
  builds: buildStatusSchema,
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;
