/**
 * A cheap fingerprint of everything a static build is made from, so `npm start`
 * rebuilds only when something changed: the database content the pages show
 * (row counts and latest change times per table, plus the latest rebuild request,
 * which every admin write makes), the source tree (paths, sizes and mtimes), and
 * the settings baked into pages. It is computed before a build starts and stored
 * beside the finished build, so a change made during the build still counts as new.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';

/** Stored inside the build folder; the static server never serves dotfiles. */
export const FINGERPRINT_FILE = '.repwell-build.json';

/** Paths (relative to the project root) whose contents end up in the static site. */
export const SOURCE_PATHS = ['src', 'content', 'public', 'db/migrations', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

/** Environment values that pages bake in (canonical URLs, affiliate tags). */
const BUILD_ENV = ['SITE_URL', 'AMAZON_ASSOCIATE_TAG'];

const CONTENT_QUERY = `
  SELECT
    (SELECT count(*) || ':' || coalesce(max(updated_at), 0) || ':' || coalesce(max(created_at), 0) FROM products),
    (SELECT count(*) || ':' || coalesce(max(updated_at), 0) || ':' || coalesce(max(created_at), 0) FROM categories),
    (SELECT count(*) || ':' || coalesce(max(updated_at), 0) || ':' || coalesce(max(created_at), 0) FROM blog_posts),
    (SELECT count(*) || ':' || coalesce(max(updated_at), 0) FROM settings),
    (SELECT coalesce(max(id), 0) || ':' || coalesce(max(requested_at), 0) FROM site_builds)`;

export interface FingerprintOptions {
  database: Database;
  projectRoot: string;
  env?: Record<string, string | undefined>;
}

export async function computeFingerprint({ database, projectRoot, env = process.env }: FingerprintOptions): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`db ${database.url}\n${await databaseState(database)}\n`);
  for (const name of BUILD_ENV) hash.update(`env ${name}=${env[name] ?? ''}\n`);
  for (const line of sourceTreeState(projectRoot)) hash.update(`${line}\n`);
  return hash.digest('hex');
}

/** One line summarising the rows the pages are built from. */
export async function databaseState(database: Database): Promise<string> {
  const result = await database.run((db) => db.run(sql.raw(CONTENT_QUERY)));
  const row = result.rows[0];
  return row ? Array.from({ length: result.columns.length }, (_, i) => String(row[i])).join('|') : '';
}

/** `path size mtime` for every file under SOURCE_PATHS, sorted. */
export function sourceTreeState(projectRoot: string): string[] {
  const lines: string[] = [];
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
      lines.push(`${relative(projectRoot, path)} ${stats.size} ${Math.floor(stats.mtimeMs)}`);
    }
  };
  for (const path of SOURCE_PATHS) visit(join(projectRoot, path));
  return lines.sort();
}

export function readBuildFingerprint(buildDir: string): string | undefined {
  try {
    const stored = JSON.parse(readFileSync(join(buildDir, FINGERPRINT_FILE), 'utf8')) as { fingerprint?: unknown };
    return typeof stored.fingerprint === 'string' ? stored.fingerprint : undefined;
  } catch {
    return undefined;
  }
}

export function writeBuildFingerprint(buildDir: string, fingerprint: string): void {
  writeFileSync(join(buildDir, FINGERPRINT_FILE), `${JSON.stringify({ fingerprint, builtAt: new Date().toISOString() })}\n`);
}

/** True when no build exists in `buildDir`, or it was made from other content. */
export async function isBuildStale(buildDir: string | undefined, options: FingerprintOptions): Promise<boolean> {
  if (!buildDir) return true;
  const stored = readBuildFingerprint(buildDir);
  return stored === undefined || stored !== (await computeFingerprint(options));
}
