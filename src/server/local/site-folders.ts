/**
 * The "current build" pointer of the local server.
 *
 * Every rebuild goes into a fresh folder `<buildsDir>/site-<time>`; publishing it
 * changes the in-memory pointer in one assignment (the server reads it per
 * request) and replaces the `dist` symlink by renaming a temporary symlink over
 * it, which is atomic on POSIX. So a request sees either the old build or the new
 * one, never a half-written folder, and the next start serves the last complete build:
 * only a folder with its build record (build-record.ts, written last) counts as one.
 * A replaced folder stays on disk for a grace period so in-flight responses finish.
 */
import { existsSync, lstatSync, mkdirSync, readdirSync, realpathSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { isCompleteBuild } from './build-record.ts';
import type { Logger } from './logger.ts';
import { silentLogger } from './logger.ts';

export interface SiteFoldersOptions {
  /** The published path (`dist`): a symlink to the current build, or a real folder from `npm run build`. */
  link: string;
  /** Where build folders are created (`.build`). */
  buildsDir: string;
  /** How long a replaced build stays on disk. */
  graceMs?: number;
  logger?: Logger;
}

const FOLDER_PREFIX = 'site-';
const STAGE_PREFIX = '.partial-';

export class SiteFolders {
  readonly link: string;
  readonly buildsDir: string;
  #graceMs: number;
  #logger: Logger;
  #current: string | undefined;
  #timers = new Set<NodeJS.Timeout>();
  #sequence = 0;

  constructor(options: SiteFoldersOptions) {
    this.link = resolve(options.link);
    mkdirSync(options.buildsDir, { recursive: true });
    // Real paths throughout, so comparisons with realpath'd builds hold even under a symlinked /tmp.
    this.buildsDir = realpathSync(options.buildsDir);
    this.#graceMs = options.graceMs ?? 60_000;
    this.#logger = options.logger ?? silentLogger;
    this.#current = readLink(this.link);
  }

  /** The real path of the build being served, or undefined before the first complete build. */
  current(): string | undefined {
    return this.#current;
  }

  /** A path for a new build; the builder creates it. */
  newFolder(): string {
    const stamp = new Date().toISOString().replace(/[-:.]/g, '').replace('T', '-').replace('Z', '');
    return join(this.buildsDir, `${FOLDER_PREFIX}${stamp}-${process.pid}-${++this.#sequence}`);
  }

  /** Makes `folder`, a complete build (with its record), the current build, in memory and on disk. */
  publish(folder: string): void {
    const next = realpathSync(folder);
    if (!isCompleteBuild(next)) throw new Error(`${folder} has no build record: only a complete build is published`);
    const previous = this.#current;
    const temporary = `${this.link}.tmp-${process.pid}-${Date.now()}`;
    // A relative target keeps working when the project folder moves.
    symlinkSync(relative(dirname(this.link), next), temporary, 'dir');
    let displaced: string | undefined;
    const existing = lstatOrUndefined(this.link);
    if (existing?.isDirectory()) {
      // A real `dist` from `npm run build` cannot be replaced by a rename; move it among the builds first.
      displaced = join(this.buildsDir, `${FOLDER_PREFIX}previous-${Date.now()}`);
      renameSync(this.link, displaced);
    }
    renameSync(temporary, this.link);
    this.#current = next;

    const old = displaced ?? previous;
    if (old && old !== next) this.#removeLater(old);
  }

  /** Removes a build that will not be published (a failed one). */
  discard(folder: string): void {
    rmSync(folder, { recursive: true, force: true });
  }

  /** Removes build folders left by an earlier process, keeping the current one. */
  removeStale(): void {
    let entries: string[];
    try {
      entries = readdirSync(this.buildsDir);
    } catch {
      return;
    }
    for (const entry of entries) {
      // A partial build's stage (publishing/partial-build.ts) outlives a server killed while building.
      if (!entry.startsWith(FOLDER_PREFIX) && !entry.startsWith(STAGE_PREFIX)) continue;
      const path = join(this.buildsDir, entry);
      if (path === this.#current) continue;
      rmSync(path, { recursive: true, force: true });
    }
  }

  /** Stops pending removals (they are redone by removeStale on the next start). */
  close(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }

  #removeLater(folder: string): void {
    // Only folders this class manages are removed; a user's own `distDir` never is.
    if (!folder.startsWith(this.buildsDir + sep)) return;
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      if (folder === this.#current) return;
      rmSync(folder, { recursive: true, force: true });
      this.#logger.info(`Removed old build ${relative(process.cwd(), folder)}`);
    }, this.#graceMs);
    timer.unref();
    this.#timers.add(timer);
  }
}

function readLink(link: string): string | undefined {
  if (!existsSync(link)) return undefined;
  try {
    const real = realpathSync(link);
    // A `dist` that `npm run build` was killed in the middle of has pages but no record.
    return isCompleteBuild(real) ? real : undefined;
  } catch {
    return undefined;
  }
}

function lstatOrUndefined(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}
