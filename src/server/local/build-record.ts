/**
 * What a finished build records about itself, in a file inside its folder (the static server never serves dotfiles):
 * when it was made and from which inputs. The file is written last, once the pages, their check and their index are
 * complete, so it is also what makes a folder a complete build: one that a killed build left half-written has none,
 * and is never served. Nothing here reads the database, so `npm start` can serve a build before it opens one.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Stored inside the build folder. */
export const BUILD_RECORD_FILE = '.repwell-build.json';

/** The inputs a build was made from, each summarised by a hash (local/fingerprint.ts), taken before it started. */
export interface BuildStamp {
  /** The database the pages were read from. */
  databaseUrl: string;
  /** The rows pages render, and the rebuild requests (src/server/build-inputs.ts). */
  content: string;
  /** The files pages are built from (SOURCE_PATHS). */
  source: string;
  /** The environment values pages bake in (SITE_URL, AMAZON_ASSOCIATE_TAG). */
  environment: string;
}

export interface BuildRecord {
  builtAt: string;
  /** Absent in a record an earlier version wrote (a single opaque fingerprint): such a build is served, then rebuilt. */
  stamp?: BuildStamp;
}

export function readBuildRecord(folder: string): BuildRecord | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(join(folder, BUILD_RECORD_FILE), 'utf8'));
  } catch {
    return undefined;
  }
  if (!isObject(parsed) || typeof parsed.builtAt !== 'string') return undefined;
  return { builtAt: parsed.builtAt, stamp: isStamp(parsed.stamp) ? parsed.stamp : undefined };
}

/** Marks `folder` as a complete build made from `stamp`: the last step of every build. */
export function writeBuildRecord(folder: string, stamp: BuildStamp, builtAt = new Date()): void {
  const record: BuildRecord = { builtAt: builtAt.toISOString(), stamp };
  writeFileSync(join(folder, BUILD_RECORD_FILE), `${JSON.stringify(record)}\n`);
}

/** Unmarks a folder about to be built into, so that until the build completes it is not taken for a complete one. */
export function removeBuildRecord(folder: string): void {
  rmSync(join(folder, BUILD_RECORD_FILE), { force: true });
}

export function isCompleteBuild(folder: string): boolean {
  return readBuildRecord(folder) !== undefined;
}

const PARTS: { key: Exclude<keyof BuildStamp, 'databaseUrl'>; name: string }[] = [
  { key: 'content', name: 'content' },
  { key: 'source', name: 'source files' },
  { key: 'environment', name: 'SITE_URL or AMAZON_ASSOCIATE_TAG' },
];

/**
 * Why a build made from `stored` is out of date, or undefined when it was made from `current`'s very inputs. The
 * answer is the reason a rebuild is requested with (shown in the log and the admin overview).
 */
export function staleReason(stored: BuildStamp | undefined, current: BuildStamp): string | undefined {
  if (!stored) return 'the last build does not record what it was made from';
  if (stored.databaseUrl !== current.databaseUrl) return 'the last build was made from another database';
  const changed = PARTS.filter(({ key }) => stored[key] !== current[key]).map(({ name }) => name);
  if (changed.length === 0) return undefined;
  return `${changed.join(' and ')} changed since the last build`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isStamp(value: unknown): value is BuildStamp {
  return isObject(value) && ['databaseUrl', 'content', 'source', 'environment'].every((key) => typeof value[key] === 'string');
}
