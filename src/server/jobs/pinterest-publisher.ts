/**
 * The Pinterest publisher (issue 12, points 3 and 4; ARCHITECTURE section 12): one run publishes the due scheduled
 * pins in time order, as many as the pace and the time budget allow, and leaves the rest for the next run. The Netlify
 * Scheduled Function (netlify/functions/pinterest-scheduled.ts), the local server's timer (pinterest-timer.ts) and
 * 'Publish now' all call runPinterestPublisher.
 *
 * Never twice: a pin is claimed ('scheduled' → 'publishing', publishing_started_at set) in its own write before POST
 * /v5/pins, and its idempotency key travels in its link. A pin still 'publishing' after the lease (a run that crashed
 * between the request and the write), or one whose request ended without an answer (5xx, network), is first looked
 * for on its board (GET /v5/boards/{board_id}/pins) and recorded if Pinterest already has it; only otherwise is it
 * sent again. Two runs at once cannot claim the same pin (the claim is a conditional UPDATE).
 *
 * Errors: 401/403 stop the run and mark the token as needing renewal (the pin goes back to 'scheduled'); a 429 waits
 * as Pinterest says when that fits the budget, else stops the run until then; another 4xx fails that pin with
 * Pinterest's message and the run goes on; 5xx and network errors are retried with exponential backoff, at most
 * MAX_RETRIES times, then the pin fails.
 */
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { pins, type PinRow } from '../../../db/schema.ts';
import type { PublishReport, PublishStopReason } from '../../domain/admin/pinterest/api.ts';
import { absoluteImageUrl } from '../../domain/admin/pinterest/images.ts';
import { MAX_RETRIES } from '../../domain/admin/pinterest/limits.ts';
import { pinKeyOfLink } from '../../domain/admin/pinterest/links.ts';
import { HOUR_MS, maySendNow } from '../../domain/admin/pinterest/spacing.ts';
import { pinTexts } from '../../domain/admin/pinterest/texts.ts';
import { env } from '../env.ts';
import { PinterestError, pinterestPinUrl, type PinCreateBody, type PinterestClient, type PinterestPin } from '../pinterest/client.ts';
import { markToken, pinsPerHour, pinterestConnection, rateLimitedUntil, recordRun, setRateLimitedUntil, tokenStatus, type PinterestConnection } from '../pinterest/state.ts';

/** Netlify stops a scheduled function after 30 s: stop starting new work well before. */
export const DEFAULT_BUDGET_MS = 25_000;
/** A pin 'publishing' for longer than this belongs to a run that died. Runs last under 30 s. */
export const PUBLISHING_LEASE_MS = 2 * 60_000;
export const DEFAULT_BACKOFF_MS = 1_000;

export interface PublisherOptions {
  /** The clock for schedules, the pace and the lease (tests move it); the budget runs on real time. */
  now?: () => Date;
  budgetMs?: number;
  /** 'Publish now': only these pins, and the hourly cap without the spacing. */
  ids?: readonly number[];
  /** First backoff after a 5xx or network error; doubles each retry. */
  backoffBaseMs?: number;
  connection?: PinterestConnection;
  siteUrl?: string;
}

type Outcome = { status: 'published'; reconciled: boolean } | { status: 'failed' } | { status: 'left' } | { status: 'stop'; reason: PublishStopReason; message: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The pin Pinterest made for this row: its key in the link, or — for a link that cannot carry one — the same link and title. */
export function isSamePin(row: Pick<PinRow, 'idempotencyKey' | 'link' | 'title'>, pin: PinterestPin): boolean {
  if (pinKeyOfLink(pin.link) === row.idempotencyKey) return true;
  return pinKeyOfLink(row.link) === null && pin.link === row.link && pin.title === row.title;
}

export function pinCreateBody(row: PinRow, siteUrl: string): PinCreateBody {
  return {
    board_id: row.boardId ?? '',
    title: row.title,
    ...(row.description ? { description: row.description } : {}),
    link: row.link,
    ...(row.altText ? { alt_text: row.altText } : {}),
    media_source: { source_type: 'image_url', url: absoluteImageUrl(row.imageUrl, siteUrl) },
  };
}

type RunOptions = Required<Pick<PublisherOptions, 'budgetMs' | 'backoffBaseMs' | 'siteUrl'>> & { now: () => Date };

class Run {
  readonly report: PublishReport = { published: 0, failed: 0, left: 0, reconciled: 0, stoppedBecause: 'done', message: '', results: [] };
  readonly #started = performance.now();
  readonly #database: Database;
  readonly #client: PinterestClient;
  readonly #options: RunOptions;
  #tokenConfirmed = false;
  readonly #fingerprint: string;

  constructor(database: Database, client: PinterestClient, fingerprint: string, options: RunOptions) {
    this.#database = database;
    this.#client = client;
    this.#fingerprint = fingerprint;
    this.#options = options;
  }

  remainingMs(): number {
    return this.#options.budgetMs - (performance.now() - this.#started);
  }

  now(): Date {
    return this.#options.now();
  }

  #result(row: PinRow, status: PinRow['status'], failureReason: string | null, pinterestUrl: string | null) {
    this.report.results.push({ id: row.id, status, failureReason, pinterestUrl });
  }

  async #update(id: number, values: Partial<typeof pins.$inferInsert>): Promise<void> {
    await this.#database.run((db) => db.update(pins).set({ ...values, updatedAt: this.now() }).where(eq(pins.id, id)));
  }

  async #published(row: PinRow, pin: PinterestPin, reconciled: boolean): Promise<Outcome> {
    const url = pinterestPinUrl(pin.id);
    await this.#update(row.id, { status: 'published', pinterestPinId: pin.id, pinterestUrl: url, publishedAt: this.now(), failureReason: null, nextAttemptAt: null });
    if (!this.#tokenConfirmed) {
      this.#tokenConfirmed = true;
      await markToken(this.#database, this.#fingerprint, 'valid', null);
    }
    this.report.published++;
    if (reconciled) this.report.reconciled++;
    this.#result(row, 'published', null, url);
    return { status: 'published', reconciled };
  }

  async #failed(row: PinRow, reason: string, attempts = row.attempts): Promise<Outcome> {
    await this.#update(row.id, { status: 'failed', failureReason: reason, nextAttemptAt: null, attempts });
    this.report.failed++;
    this.#result(row, 'failed', reason, null);
    return { status: 'failed' };
  }

  /** Back to the queue, not sent (token refused, rate limited before the request): the next run sends it. */
  async #unclaim(row: PinRow): Promise<void> {
    await this.#update(row.id, { status: 'scheduled', publishingStartedAt: null });
  }

  /**
   * A refused request made nothing: a pin not yet sent goes back to the queue; one that an earlier try may have made
   * stays 'publishing' with its lease expired, so the next run looks for it first.
   */
  async #stopForToken(row: PinRow, error: PinterestError, unsure: boolean): Promise<Outcome> {
    if (unsure) await this.#update(row.id, { publishingStartedAt: new Date(0) });
    else await this.#unclaim(row);
    await markToken(this.#database, this.#fingerprint, 'needs_renewal', error.message);
    return { status: 'stop', reason: 'token', message: pinTexts.tokenNeedsRenewal };
  }

  /**
   * Sends one claimed pin, or finds it on its board when an earlier try may have made it (`ambiguous`), retrying
   * 5xx and network errors with backoff.
   */
  async publish(row: PinRow, ambiguous: boolean): Promise<Outcome> {
    if (!row.boardId) return this.#failed(row, pinTexts.boardRequired);
    let unsure = ambiguous;
    let attempts = row.attempts;
    for (;;) {
      try {
        if (unsure) {
          const found = await this.#client.findBoardPin(row.boardId, (pin) => isSamePin(row, pin));
          if (found) return await this.#published(row, found, true);
          unsure = false;
        }
        const created = await this.#client.createPin(pinCreateBody(row, this.#options.siteUrl));
        return await this.#published(row, created, false);
      } catch (error) {
        if (!(error instanceof PinterestError)) throw error;
        if (error.kind === 'auth') return this.#stopForToken(row, error, unsure);
        if (error.kind === 'rate-limit') {
          const wait = error.retryAfterMs ?? 60_000;
          if (wait < this.remainingMs() - 1_000) {
            await sleep(wait);
            continue;
          }
          const until = new Date(this.now().getTime() + wait);
          await setRateLimitedUntil(this.#database, until);
          if (unsure) await this.#update(row.id, { nextAttemptAt: until });
          else await this.#unclaim(row);
          return { status: 'stop', reason: 'rate-limited', message: pinTexts.rateLimited };
        }
        if (error.kind === 'rejected') return this.#failed(row, error.message);
        // 5xx or no answer: Pinterest may or may not have made the pin.
        attempts++;
        unsure = true;
        if (attempts > MAX_RETRIES) return this.#failed(row, `${error.message} (gave up after ${MAX_RETRIES} retries)`, attempts);
        const backoff = this.#options.backoffBaseMs * 2 ** (attempts - 1);
        await this.#update(row.id, { attempts, failureReason: error.message });
        if (backoff >= this.remainingMs() - 1_000) {
          // Stays 'publishing': the next run looks for it on the board before sending it again.
          await this.#update(row.id, { nextAttemptAt: new Date(this.now().getTime() + backoff) });
          this.report.left++;
          return { status: 'left' };
        }
        await sleep(backoff);
      }
    }
  }
}

/**
 * Claims a due pin for this run: one statement, so of two runs only one gets it, and the hourly cap is counted in the
 * same statement, so two runs at once cannot both take the last place of the hour.
 */
async function claim(database: Database, id: number, now: Date, perHour: number): Promise<PinRow | undefined> {
  const windowStart = now.getTime() - HOUR_MS;
  const [row] = await database.run((db) =>
    db
      .update(pins)
      .set({ status: 'publishing', publishingStartedAt: now, nextAttemptAt: null, updatedAt: now })
      .where(
        and(
          eq(pins.id, id),
          eq(pins.status, 'scheduled'),
          sql`(select count(*) from pins as sent where sent.publishing_started_at > ${windowStart} and sent.status in ('publishing', 'published', 'failed')) < ${perHour}`,
        ),
      )
      .returning(),
  );
  return row;
}

/** Pins left 'publishing' by a run that died, or waiting to be looked for after a request without an answer. */
async function unsettled(database: Database, now: Date, ids: readonly number[] | undefined): Promise<PinRow[]> {
  return database.run((db) =>
    db
      .select()
      .from(pins)
      .where(
        and(
          eq(pins.status, 'publishing'),
          or(lte(pins.publishingStartedAt, new Date(now.getTime() - PUBLISHING_LEASE_MS)), and(isNotNull(pins.nextAttemptAt), lte(pins.nextAttemptAt, now))),
          ids ? inArray(pins.id, [...ids]) : undefined,
        ),
      )
      .orderBy(asc(pins.publishingStartedAt), asc(pins.id)),
  );
}

function dueCondition(now: Date, ids: readonly number[] | undefined) {
  return and(
    eq(pins.status, 'scheduled'),
    lte(pins.publishAt, now),
    or(isNull(pins.nextAttemptAt), lte(pins.nextAttemptAt, now)),
    ids ? inArray(pins.id, [...ids]) : undefined,
  );
}

/** Scheduled pins due at `now` (the settings screen's count). */
export async function countDuePins(database: Database, now: Date = new Date()): Promise<number> {
  const [row] = await database.run((db) => db.select({ count: sql<number>`count(*)` }).from(pins).where(dueCondition(now, undefined)));
  return Number(row?.count ?? 0);
}

async function recentSends(database: Database, now: Date): Promise<Date[]> {
  const rows = await database.run((db) =>
    db
      .select({ at: pins.publishingStartedAt })
      .from(pins)
      .where(and(gte(pins.publishingStartedAt, new Date(now.getTime() - HOUR_MS)), inArray(pins.status, ['publishing', 'published', 'failed']))),
  );
  return rows.map((row) => row.at).filter((at): at is Date => at !== null);
}

async function countLeft(database: Database, now: Date, ids: readonly number[] | undefined): Promise<number> {
  const [row] = await database.run((db) =>
    db
      .select({ count: sql<number>`count(*)` })
      .from(pins)
      .where(or(dueCondition(now, ids), and(eq(pins.status, 'publishing'), ids ? inArray(pins.id, [...ids]) : undefined))),
  );
  return Number(row?.count ?? 0);
}

const stopMessages: Record<PublishStopReason, string> = {
  done: 'Every due pin was handled.',
  'not-configured': pinTexts.notConfigured,
  token: pinTexts.tokenNeedsRenewal,
  'rate-limited': pinTexts.rateLimited,
  'time-budget': 'This run’s time is up; the next run publishes the rest.',
  pace: 'The hourly pace is reached; the next pins go out on later runs.',
};

export async function runPinterestPublisher(database: Database, options: PublisherOptions = {}): Promise<PublishReport> {
  const now = options.now ?? (() => new Date());
  const connection = options.connection ?? pinterestConnection();
  const ids = options.ids;
  const finish = async (report: PublishReport, reason: PublishStopReason, message?: string): Promise<PublishReport> => {
    report.stoppedBecause = reason;
    report.message = message ?? stopMessages[reason];
    report.left = await countLeft(database, now(), ids);
    // A run that found nothing to do is not worth a write: the local timer runs every few minutes (every 2 s in the
    // e2e), and the settings screen's 'Last run' should name the last run that did something or stopped for a reason.
    const idle = reason === 'done' && report.results.length === 0 && report.left === 0;
    if (!idle) await recordRun(database, report, now());
    return report;
  };
  const empty = (): PublishReport => ({ published: 0, failed: 0, left: 0, reconciled: 0, stoppedBecause: 'done', message: '', results: [] });

  if (!connection.configured || !connection.client || !connection.fingerprint) return finish(empty(), 'not-configured');
  if ((await tokenStatus(database, connection)).status === 'needs_renewal') return finish(empty(), 'token');
  const limitedUntil = await rateLimitedUntil(database);
  if (limitedUntil && limitedUntil.getTime() > now().getTime()) return finish(empty(), 'rate-limited');

  const run = new Run(database, connection.client, connection.fingerprint, {
    now,
    budgetMs: options.budgetMs ?? DEFAULT_BUDGET_MS,
    backoffBaseMs: options.backoffBaseMs ?? DEFAULT_BACKOFF_MS,
    siteUrl: options.siteUrl ?? env().SITE_URL,
  });
  const pace = await pinsPerHour(database);

  // First the pins an earlier run may have sent: found on the board, or sent now.
  for (const row of await unsettled(database, now(), ids)) {
    if (run.remainingMs() <= 0) return finish(run.report, 'time-budget');
    const outcome = await run.publish(row, true);
    if (outcome.status === 'stop') return finish(run.report, outcome.reason, outcome.message);
  }

  const due = await database.run((db) => db.select({ id: pins.id }).from(pins).where(dueCondition(now(), ids)).orderBy(asc(pins.publishAt), asc(pins.id)));
  for (const { id } of due) {
    if (run.remainingMs() <= 0) return finish(run.report, 'time-budget');
    const at = now();
    if (!maySendNow({ recent: await recentSends(database, at), perHour: pace.value, now: at, spaced: !ids })) return finish(run.report, 'pace');
    const row = await claim(database, id, at, pace.value);
    // Taken by another run, or another run filled the hour meanwhile (the next pin's pace check says which).
    if (!row) continue;
    const outcome = await run.publish(row, false);
    if (outcome.status === 'stop') return finish(run.report, outcome.reason, outcome.message);
  }
  return finish(run.report, 'done');
}
