/**
 * Rebuild requests: the one call server code makes after an admin write.
 *
 *   await requestRebuild('product updated');
 *
 * Every request is a site_builds row, so the admin panel can show it. Where the
 * build happens depends on how the code runs:
 * - NETLIFY_BUILD_HOOK_URL set (production): requests within a short window are
 *   coalesced into one POST to the build hook, across function instances too
 *   (whoever claims the queued rows posts for all of them);
 * - `npm start`: the local server registered a builder, which coalesces and
 *   builds in the background (src/server/local/rebuild-queue.ts);
 * - otherwise (`npm run dev`, scripts): the row stays queued, and the next
 *   `npm start` sees the database changed and builds.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { siteBuilds, type SiteBuild, type SiteBuildStatus } from '../../db/schema.ts';
import type { BuildStatus as DomainBuildStatus } from '../domain/admin/overview.ts';
import { getDatabase } from './db.ts';
import { env } from './env.ts';
import { consoleLogger, errorMessage, type Logger } from './local/logger.ts';

export type BuildTarget = 'local' | 'netlify';

/** What the local server registers: told that queued rows wait, it builds them. */
export interface LocalBuilder {
  notify(): void;
}

export interface RebuildSettings {
  database: Database;
  /** The Netlify build hook; undefined builds locally. */
  hookUrl: string | undefined;
  /** Requests share one hook call until none has come for this many milliseconds... */
  hookWindowMs: number;
  /** ...or this many have passed since the first of them. */
  hookMaxWaitMs: number;
  hookTimeoutMs: number;
  fetch: typeof fetch;
  logger: Logger;
}

const DEFAULT_HOOK_WINDOW_MS = 1000;
const DEFAULT_HOOK_MAX_WAIT_MS = 10_000;

/** Overrides of the settings; a hookUrl of null means "no hook" whatever the environment says. */
export type RebuildOverrides = Partial<Omit<RebuildSettings, 'hookUrl'>> & { hookUrl?: string | null };

let overrides: RebuildOverrides = {};
let localBuilder: LocalBuilder | undefined;
let pendingHookCall: Promise<void> | undefined;
let lastHookRequestAt = 0;

/** Replaces settings taken from env() (tests, scripts); an undefined value restores the default. */
export function configureRebuilds(settings: RebuildOverrides): void {
  overrides = { ...overrides, ...settings };
}

function settings(): RebuildSettings {
  return {
    database: overrides.database ?? getDatabase(),
    hookUrl: overrides.hookUrl === null ? undefined : (overrides.hookUrl ?? env().NETLIFY_BUILD_HOOK_URL),
    hookWindowMs: overrides.hookWindowMs ?? DEFAULT_HOOK_WINDOW_MS,
    hookMaxWaitMs: overrides.hookMaxWaitMs ?? DEFAULT_HOOK_MAX_WAIT_MS,
    hookTimeoutMs: overrides.hookTimeoutMs ?? 10_000,
    fetch: overrides.fetch ?? globalThis.fetch,
    logger: overrides.logger ?? consoleLogger,
  };
}

/** The local server calls this once it can build; undefined unregisters. */
export function registerLocalBuilder(builder: LocalBuilder | undefined): void {
  localBuilder = builder;
}

/**
 * Records a rebuild request and starts (or joins) the build that will cover it.
 * Never throws: the admin write that preceded it has succeeded, and a failed
 * request is logged and visible on its row. With a build hook it resolves after
 * the coalesced hook call, so on Netlify hand it to `context.waitUntil` rather
 * than delaying the response.
 */
export async function requestRebuild(reason: string): Promise<void> {
  const current = settings();
  try {
    const target: BuildTarget = current.hookUrl ? 'netlify' : 'local';
    await insertBuildRequest(current.database, { reason, target });
    if (current.hookUrl) await callHookSoon(current);
    else localBuilder?.notify();
  } catch (error) {
    current.logger.error(`Rebuild request failed (${reason}): ${errorMessage(error)}`, error);
  }
}

/**
 * The first request of a burst opens the window and each later one extends it (up to hookMaxWaitMs); every
 * request in it waits for the same hook call, so a burst of edits starts one Netlify build.
 */
function callHookSoon(current: RebuildSettings): Promise<void> {
  lastHookRequestAt = performance.now();
  pendingHookCall ??= (async () => {
    const firstAt = performance.now();
    for (;;) {
      const wait = Math.min(lastHookRequestAt + current.hookWindowMs, firstAt + current.hookMaxWaitMs) - performance.now();
      if (wait <= 0) break;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    // Requests from now on open a new window; rows they insert after the claim below need a new call.
    pendingHookCall = undefined;
    await callHook(current);
  })();
  return pendingHookCall;
}

async function callHook(current: RebuildSettings): Promise<void> {
  const claimed = await claimQueuedBuilds(current.database, 'netlify');
  // Another instance's call already covered these rows.
  if (claimed.length === 0) return;
  const ids = claimed.map((row) => row.id);
  try {
    const url = new URL(current.hookUrl!);
    url.searchParams.set('trigger_title', triggerTitle(claimed.map((row) => row.reason)));
    const response = await current.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(current.hookTimeoutMs),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`The build hook answered ${response.status} ${response.statusText}`.trim());
    // For Netlify builds "succeeded" means Netlify accepted the request; the deploy itself is tracked there.
    await finishBuilds(current.database, ids, 'succeeded');
    current.logger.info(`Requested a Netlify build for ${ids.length} change(s)`);
  } catch (error) {
    await finishBuilds(current.database, ids, 'failed', errorMessage(error));
    current.logger.error(`The Netlify build hook failed: ${errorMessage(error)}`);
  }
}

function triggerTitle(reasons: (string | null)[]): string {
  const distinct = [...new Set(reasons.filter((reason): reason is string => Boolean(reason)))];
  const title = `Repwell: ${distinct.join(', ') || 'content changed'}`;
  return title.length > 120 ? `${title.slice(0, 117)}...` : title;
}

// Row operations, shared with the local rebuild queue.

export async function insertBuildRequest(database: Database, request: { reason: string; target: BuildTarget }): Promise<number> {
  const [row] = await database.run((db) =>
    db.insert(siteBuilds).values({ reason: request.reason, target: request.target, status: 'queued' }).returning({ id: siteBuilds.id }),
  );
  return row!.id;
}

/** Marks every queued row of the target as building and returns them: the build about to start covers them all. */
export function claimQueuedBuilds(database: Database, target: BuildTarget): Promise<{ id: number; reason: string | null }[]> {
  return database.run((db) =>
    db
      .update(siteBuilds)
      .set({ status: 'building', startedAt: new Date() })
      .where(and(eq(siteBuilds.status, 'queued'), eq(siteBuilds.target, target)))
      .returning({ id: siteBuilds.id, reason: siteBuilds.reason }),
  );
}

/** The most of a failed build's output kept on its row: the end of it, where the error is. */
const LOG_TAIL_MAX = 8000;

export async function finishBuilds(
  database: Database,
  ids: number[],
  status: Extract<SiteBuildStatus, 'succeeded' | 'failed'>,
  error?: string,
  logTail?: string,
): Promise<void> {
  if (ids.length === 0) return;
  await database.run((db) =>
    db
      .update(siteBuilds)
      .set({ status, finishedAt: new Date(), error: error?.slice(0, 2000) ?? null, logTail: logTail?.slice(-LOG_TAIL_MAX) ?? null })
      .where(inArray(siteBuilds.id, ids)),
  );
}

/** Rows a previous local server left building when it stopped: they will never finish. */
export async function failInterruptedBuilds(database: Database): Promise<number> {
  const rows = await database.run((db) =>
    db
      .update(siteBuilds)
      .set({ status: 'failed', finishedAt: new Date(), error: 'The server stopped during the build.' })
      .where(and(eq(siteBuilds.status, 'building'), eq(siteBuilds.target, 'local')))
      .returning({ id: siteBuilds.id }),
  );
  return rows.length;
}

export interface BuildStatus extends Omit<DomainBuildStatus, 'builds' | 'live'> {
  builds: SiteBuild[];
  live: SiteBuild | null;
}

/** For the admin panel: the latest rebuild requests, whether one is under way, and the build the site comes from. */
export async function getBuildStatus(limit = 10, database: Database = settings().database): Promise<BuildStatus> {
  const [builds, active, live] = await database.run((db) =>
    Promise.all([
      db.select().from(siteBuilds).orderBy(desc(siteBuilds.id)).limit(limit),
      db
        .select({ id: siteBuilds.id })
        .from(siteBuilds)
        .where(inArray(siteBuilds.status, ['queued', 'building']))
        .limit(1),
      db.select().from(siteBuilds).where(eq(siteBuilds.status, 'succeeded')).orderBy(desc(siteBuilds.id)).limit(1),
    ]),
  );
  return { builds, active: active.length > 0, live: live[0] ?? null };
}
