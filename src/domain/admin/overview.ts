/**
 * GET /api/admin/overview: the figures, the site's build state, recent admin activity and the latest contact
 * messages on the admin overview (issue 10, point 2). The schema is shared by the function (which answers with it)
 * and the admin island (which parses the answer), so neither imports the other. The words the overview uses for the
 * build state are decided here, in plain functions, so they are unit-tested.
 */
import { z } from 'zod';
import { undoStates } from './undo.ts';

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
  /** The end of a failed build's output. */
  logTail: z.string().nullable(),
});
export type SiteBuildSummary = z.infer<typeof siteBuildSchema>;

export const buildStatusSchema = z.object({
  /** The latest requests, newest first. */
  builds: z.array(siteBuildSchema),
  /** True while a request is queued or building. */
  active: z.boolean(),
  /** The build the live site comes from: the latest that succeeded. */
  live: siteBuildSchema.nullable(),
});
export type BuildStatus = z.infer<typeof buildStatusSchema>;

const count = z.number().int().nonnegative();

export const auditRecordSchema = z.object({
  id: z.number().int(),
  at: z.coerce.date(),
  userEmail: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  summary: z.string(),
  /** The undoable write this entry records, and whether Undo is still offered. */
  undo: z.object({ jobId: z.number().int(), state: z.enum(undoStates) }).nullable().default(null),
});
export type AuditRecordView = z.infer<typeof auditRecordSchema>;

export const contactEmailStatuses = ['pending', 'sent', 'failed', 'not_configured'] as const;
export type ContactEmailStatus = (typeof contactEmailStatuses)[number];

export const contactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  emailStatus: z.enum(contactEmailStatuses),
  createdAt: z.coerce.date(),
});
export type ContactMessageView = z.infer<typeof contactMessageSchema>;

export const adminOverviewSchema = z.object({
  products: z.object({
    total: count,
    draft: count,
    active: count,
    published: count,
    inStock: count,
    outOfStock: count,
    /** Clicks, conversions and commission of `range`, counted from the event rows as the analytics dashboard does. */
    clicks: count,
    conversions: count,
    revenueCents: z.number().int(),
  }),
  /** The days the clicks, conversions and revenue cover (UTC, inclusive); preset 7, 30 or 90, or null for custom. */
  range: z.object({ preset: z.number().int().nullable(), from: z.string(), to: z.string() }),
  categories: count,
  posts: z.object({ published: count, drafts: count }),
  users: count,
  messages: count,
  builds: buildStatusSchema,
  activity: z.array(auditRecordSchema),
  latestMessages: z.array(contactMessageSchema),
  /** Published posts and guides whose product blocks reference products the site no longer shows (block-resolution.ts). */
  blockLosses: z
    .array(z.object({ kind: z.enum(['post', 'guide']).default('post'), page: z.string(), title: z.string(), missing: z.array(z.number().int()) }))
    .default([]),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** GET /api/admin/messages?page=n: every contact message, newest first. */
export const MESSAGES_PAGE_SIZE = 25;
export const messagesQuerySchema = z.object({
  page: z.coerce.number({ error: 'The page must be a number.' }).int('The page must be a whole number.').min(1, 'The page must be 1 or more.').max(100_000).default(1),
});
export const messagesPageSchema = z.object({
  rows: z.array(contactMessageSchema),
  total: count,
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type MessagesPage = z.infer<typeof messagesPageSchema>;

export const emailStatusLabels: Record<ContactEmailStatus, string> = {
  pending: 'Sending',
  sent: 'E-mailed',
  failed: 'E-mail failed',
  not_configured: 'Stored only (e-mail not set up)',
};

/** POST /api/admin/builds {} → the new state: an admin asked for a rebuild. The body carries nothing yet. */
export const rebuildRequestSchema = z.object({}).strict();

export const rebuildTexts = {
  button: 'Rebuild now',
  requested: 'Rebuild requested',
  requestedDescription: 'The site is being rebuilt; changes appear once it is published.',
  failed: 'Could not request a rebuild',
} as const;

/** How long something has taken, for people: '45 s', '3 min 5 s', '2 h 4 min'. */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

export type BuildTone = 'live' | 'busy' | 'failed' | 'none';

export interface BuildStateView {
  tone: BuildTone;
  headline: string;
  /** A second line: what is happening, or the error. */
  detail?: string;
  /** When the running or queued work began, for a ticking elapsed time. */
  since?: Date;
  /** The failed build's log tail. */
  log?: string;
}

/**
 * The site's build state in words a person understands: publishing while a request is queued or building (with
 * what it is for); the latest failure when the latest finished build failed (the live site is then older than the
 * admin's changes); otherwise live since the last successful build.
 */
export function describeBuildState(status: BuildStatus, formatTime: (date: Date) => string): BuildStateView {
  const pending = status.builds.filter((build) => build.status === 'queued' || build.status === 'building');
  if (status.active && pending.length > 0) {
    const building = pending.find((build) => build.status === 'building');
    const oldest = pending.reduce((first, build) => (build.requestedAt < first.requestedAt ? build : first));
    const reasons = [...new Set(pending.map((build) => build.reason).filter((reason): reason is string => Boolean(reason)))];
    const what = reasons.length > 0 ? ` (${reasons.slice(0, 3).join(', ')}${reasons.length > 3 ? ` and ${reasons.length - 3} more` : ''})` : '';
    return {
      tone: 'busy',
      headline: 'Publishing your changes…',
      detail: building ? `Building the site${what}.` : `Waiting to start${what}.`,
      since: building?.startedAt ?? oldest.requestedAt,
    };
  }
  const latestFinished = status.builds.find((build) => build.status === 'succeeded' || build.status === 'failed');
  if (latestFinished?.status === 'failed') {
    const when = latestFinished.finishedAt ?? latestFinished.requestedAt;
    const live = status.live?.finishedAt;
    return {
      tone: 'failed',
      headline: `The last build failed at ${formatTime(when)}`,
      detail: `${latestFinished.error ?? 'No error was recorded.'} ${live ? `The site stays as it was at ${formatTime(live)}.` : 'The site stays as it was.'}`,
      log: latestFinished.logTail ?? undefined,
    };
  }
  const live = status.live;
  if (live?.finishedAt) {
    return live.target === 'netlify'
      ? { tone: 'live', headline: `Build sent to Netlify at ${formatTime(live.finishedAt)}`, detail: 'Netlify publishes it once its build finishes.' }
      : { tone: 'live', headline: `Live since ${formatTime(live.finishedAt)}` };
  }
  return { tone: 'none', headline: 'No build recorded yet' };
}

/** 'last 30 days', or '2026-01-01 to 2026-01-31' for a custom range: what the overview's activity figures cover. */
export function rangeLabel(range: { preset: number | null; from: string; to: string }): string {
  return range.preset === null ? `${range.from} to ${range.to}` : `last ${range.preset} days`;
}
