/**
 * A cheap fingerprint of everything a static build is made from, so `npm start` rebuilds only when a page would
 * change: the database rows pages render (src/server/build-inputs.ts says which; runtime state such as a timer's last
 * run or a click counter is left out), the source tree (paths, sizes and mtimes), and the settings baked into pages.
 * It is taken before a build starts and recorded beside the finished build (build-record.ts), so a change made during
 * the build still counts as new.
 */
import { createHash } from 'node:crypto';
import { readdirSync, statSync, type Stats } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { contentSummarySql } from '../build-inputs.ts';
import { readBuildRecord, staleReason, type BuildStamp } from './build-record.ts';

/** Paths (relative to the project root) whose contents end up in the static site. */
export const SOURCE_PATHS = ['src', 'content', 'public', 'db/migrations', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

/** Environment values that pages bake in (canonical URLs, affiliate tags). */
export const BUILD_ENV = ['SITE_URL', 'AMAZON_ASSOCIATE_TAG'] as const;

export interface FingerprintOptions {
  database: Database;
  projectRoot: string;
  env?: Record<string, string | undefined>;
}

export async function computeFingerprint({ database, projectRoot, env = process.env }: FingerprintOptions): Promise<BuildStamp> {
  return {
    databaseUrl: database.url,
    content: hashOf([await contentState(database)]),
    source: hashOf(sourceTreeState(projectRoot)),
    environment: hashOf(BUILD_ENV.map((name) => `${name}=${env[name] ?? ''}`)),
  };
}

/** One line summarising the rows the pages are built from. */
export async function contentState(database: Database): Promise<string> {
  const result = await database.run((db) => db.run(sql.raw(contentSummarySql())));
  const row = result.rows[0];
  return row ? Array.from({ length: result.columns.length }, (_, i) => String(row[i])).join('|') : '';
}

/** Every file under SOURCE_PATHS (absolute paths, sorted), with its stats. */
export function sourceFiles(projectRoot: string): { path: string; stats: Stats }[] {
  const files: { path: string; stats: Stats }[] = [];
  const visit = (path: string) => {
    let stats;
    try {
      stats = statSync(path);
    } catch {
      return;
    }
    if (stats.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry === 'node_modules' || entry === '.astro' || entry === '.DS_Store') continue;
        visit(join(path, entry));
      }
    } else if (stats.isFile()) {
      files.push({ path, stats });
    }
  };
  for (const path of SOURCE_PATHS) visit(join(projectRoot, path));
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** `path size mtime` for every file under SOURCE_PATHS, sorted. */
export function sourceTreeState(projectRoot: string): string[] {
  return sourceFiles(projectRoot)
    .map(({ path, stats }) => `${relative(projectRoot, path)} ${stats.size} ${Math.floor(stats.mtimeMs)}`)
    .sort();
}

/** Why the complete build in `buildDir` is out of date ('first build' when there is none), or undefined. */
export async function whyStale(buildDir: string | undefined, options: FingerprintOptions): Promise<string | undefined> {
  if (!buildDir) return 'first build';
  return staleReason(readBuildRecord(buildDir)?.stamp, await computeFingerprint(options));
}

/** True when no build exists in `buildDir`, or it was made from other inputs. */
export async function isBuildStale(buildDir: string | undefined, options: FingerprintOptions): Promise<boolean> {
  return (await whyStale(buildDir, options)) !== undefined;
}

function hashOf(lines: readonly string[]): string {
  const hash = createHash('sha256');
  for (const line of lines) hash.update(`${line}\n`);
  return hash.digest('hex');
}
