/**
 * What the publisher remembers between runs, in the settings table (one row per concern, so writers do not clobber
 * each other): whether Pinterest refused the token (kept with a fingerprint of that token, so a renewed token is tried
 * again at once), until when a 429 asked us to wait, the last run's report, and the pace chosen on the settings screen.
 * Also the one place that turns the environment into a client, or into the plain 'not configured' state.
 */
import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Database, Db } from '../../../db/client.ts';
import { settings } from '../../../db/schema.ts';
import { PINTEREST_SCOPES, type PinterestState, type PublishReport, type TokenStatus } from '../../domain/admin/pinterest/api.ts';
import { DEFAULT_PINS_PER_HOUR } from '../../domain/admin/pinterest/limits.ts';
import { pinTexts } from '../../domain/admin/pinterest/texts.ts';
import { env } from '../env.ts';
import { PinterestClient } from './client.ts';

const TOKEN_KEY = 'pinterest.token';
const RATE_LIMIT_KEY = 'pinterest.rate_limit';
const LAST_RUN_KEY = 'pinterest.last_run';
const SETTINGS_KEY = 'pinterest.settings';

interface StoredToken {
  status: 'valid' | 'needs_renewal';
  fingerprint: string;
  message: string | null;
  at: string;
}

export interface StoredRun {
  at: string;
  published: number;
  failed: number;
  left: number;
  stoppedBecause: PublishReport['stoppedBecause'];
  message: string;
}

type Writer = Pick<Db, 'insert'>;

export interface PinterestConnection {
  configured: boolean;
  client: PinterestClient | null;
  fingerprint: string | null;
}

/** A short hash naming the token without keeping it. */
export function tokenFingerprint(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 16);
}

/** The client for the environment's token, or configured: false. */
export function pinterestConnection(): PinterestConnection {
  const token = env().PINTEREST_ACCESS_TOKEN;
  if (!token) return { configured: false, client: null, fingerprint: null };
  return { configured: true, client: new PinterestClient({ baseUrl: env().PINTEREST_API_BASE, token }), fingerprint: tokenFingerprint(token) };
}

async function writeSetting(writer: Writer, id: string, value: unknown): Promise<void> {
  await writer
    .insert(settings)
    .values({ id, value })
    .onConflictDoUpdate({ target: settings.id, set: { value, updatedAt: new Date() } });
}

async function readSettings(database: Database, ids: string[]): Promise<Map<string, unknown>> {
  const rows = await database.run((db) => db.select().from(settings).where(inArray(settings.id, ids)));
  return new Map(rows.map((row) => [row.id, row.value]));
}

export async function markToken(database: Database, fingerprint: string, status: StoredToken['status'], message: string | null): Promise<void> {
  const value: StoredToken = { status, fingerprint, message, at: new Date().toISOString() };
  await database.run((db) => writeSetting(db, TOKEN_KEY, value));
}

/** The token's state for the current environment: a refusal recorded for another token no longer counts. */
export async function tokenStatus(database: Database, connection = pinterestConnection()): Promise<{ status: TokenStatus; message: string | null }> {
  if (!connection.configured) return { status: 'not_configured', message: pinTexts.notConfigured };
  const stored = (await readSettings(database, [TOKEN_KEY])).get(TOKEN_KEY) as StoredToken | undefined;
  if (!stored || stored.fingerprint !== connection.fingerprint) return { status: 'unchecked', message: null };
  return stored.status === 'needs_renewal' ? { status: 'needs_renewal', message: `${pinTexts.tokenNeedsRenewal}${stored.message ? ` Pinterest said: “${stored.message}”` : ''}` } : { status: 'valid', message: null };
}

export async function setRateLimitedUntil(database: Database, until: Date | null): Promise<void> {
  await database.run((db) => writeSetting(db, RATE_LIMIT_KEY, until ? until.toISOString() : null));
}

export async function rateLimitedUntil(database: Database): Promise<Date | null> {
  const value = (await readSettings(database, [RATE_LIMIT_KEY])).get(RATE_LIMIT_KEY);
  return typeof value === 'string' ? new Date(value) : null;
}

export async function recordRun(database: Database, report: PublishReport, at: Date): Promise<void> {
  const run: StoredRun = {
    at: at.toISOString(),
    published: report.published,
    failed: report.failed,
    left: report.left,
    stoppedBecause: report.stoppedBecause,
    message: report.message,
  };
  await database.run((db) => writeSetting(db, LAST_RUN_KEY, run));
}

/** The pace: the settings screen's value, else PINTEREST_PINS_PER_HOUR, else the default. */
export async function pinsPerHour(database: Database): Promise<{ value: number; source: PinterestState['pinsPerHourSource'] }> {
  const stored = (await readSettings(database, [SETTINGS_KEY])).get(SETTINGS_KEY) as { pinsPerHour?: unknown } | undefined;
  if (typeof stored?.pinsPerHour === 'number' && Number.isInteger(stored.pinsPerHour) && stored.pinsPerHour > 0) return { value: stored.pinsPerHour, source: 'setting' };
  const fromEnv = env().PINTEREST_PINS_PER_HOUR;
  return fromEnv ? { value: fromEnv, source: 'env' } : { value: DEFAULT_PINS_PER_HOUR, source: 'default' };
}

export async function writePinsPerHour(writer: Writer, value: number): Promise<void> {
  await writeSetting(writer, SETTINGS_KEY, { pinsPerHour: value });
}

/** Everything the settings screen shows. */
export async function readPinterestState(database: Database, due: number): Promise<PinterestState> {
  const connection = pinterestConnection();
  const [token, pace, stored] = await Promise.all([tokenStatus(database, connection), pinsPerHour(database), readSettings(database, [LAST_RUN_KEY, RATE_LIMIT_KEY])]);
  const lastRun = (stored.get(LAST_RUN_KEY) as StoredRun | undefined) ?? null;
  const limited = stored.get(RATE_LIMIT_KEY);
  return {
    configured: connection.configured,
    tokenStatus: token.status,
    tokenMessage: token.message,
    pinsPerHour: pace.value,
    pinsPerHourSource: pace.source,
    trialAccessNotice: pinTexts.trialAccess,
    scopes: [...PINTEREST_SCOPES],
    lastRun,
    due,
    rateLimitedUntil: typeof limited === 'string' && Date.parse(limited) > Date.now() ? limited : null,
  };
}

/** Forget a setting (tests and the settings screen's reset). */
export async function clearPinterestSetting(database: Database, key: 'settings' | 'token' | 'rate_limit' | 'last_run'): Promise<void> {
  await database.run((db) => db.delete(settings).where(eq(settings.id, `pinterest.${key}`)));
}
