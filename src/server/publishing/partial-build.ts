/**
 * Publishing: a build that renders only the pages an edit touches and merges them into the last complete build, or a
 * full build when the edit touches every page (the plan: src/domain/publishing/publish-plan.ts). The result is a
 * complete site in a new folder, equal file for file to a full build of the same data (the equivalence test holds
 * it to that); the caller swaps it in (SiteFolders) or deploys it.
 *
 * Each complete build keeps its publish state beside its pages (PUBLISH_STATE_FILE): the snapshot it was made from,
 * the file each page was written to and the renderer it kept (src/integrations/kept-renderer.ts). A partial build
 * then
 *   1. renders the touched pages into a stage folder, with the sitemap and the rewrites for every page the site has:
 *      from the kept renderer with the database's data now (kept-render.ts), or, without one, with Astro's whole
 *      pipeline cut to those pages (src/integrations/render-only.ts);
 *   2. links the last build's files into the new folder (hard links: nothing is written in place afterwards, every
 *      replaced file is unlinked first) and moves the stage's files over them;
 *   3. removes the pages the site no longer has (a deleted product, an old slug), found from the full page list;
 *   4. indexes the articles again when they were rendered.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Database } from '../../../db/client.ts';
import { planPublish, rendersNothing, type PublishPlan, type SiteSnapshot } from '../../domain/publishing/publish-plan.ts';
import { KEPT_RENDERER_FACTS, type KeptRendererFacts } from '../../integrations/kept-renderer.ts';
import type { RenderSelection } from '../../integrations/render-only.ts';
import type { KeptRenderList, KeptRenderSelection } from './kept-render.ts';
import { BUILD_RECORD_FILE } from '../local/build-record.ts';
import { BuildError, type BuildSummary } from '../local/builder.ts';
import type { Logger } from '../local/logger.ts';
import { indexArticles } from './article-index.ts';
import { readSiteSnapshot } from './site-snapshot.ts';

export const PUBLISH_STATE_FILE = '.repwell-publish.json';

/** Files of a build folder that describe it rather than belong to the site. */
const OWN_FILES = new Set([PUBLISH_STATE_FILE, BUILD_RECORD_FILE]);

export interface PublishState {
  snapshot: SiteSnapshot;
  /** Every page of the site: its pathname and the file it is written to, relative to the folder. */
  pages: Record<string, string>;
  /** The kept renderer this build's code renders with (its id), if one was kept. */
  renderer?: string;
  /** The input digest of each page that declares one (page-inputs.ts). */
  inputs?: Record<string, string>;
}

/** Runs one Astro build (buildSite, in its own process). */
export type RunBuild = (options: { outDir: string; env: Record<string, string>; skipIndex: boolean }) => Promise<BuildSummary>;

/** Renders pages from a kept renderer (renderFromKept, in its own process). */
export type RunKeptRender = (options: { keptDir: string; outDir: string; selectionFile: string; listFile: string }) => Promise<BuildSummary>;

export interface KeptRenderer {
  /** Where builds keep their renderer: inside the project, so the bundle resolves its packages. */
  dir: string;
  render: RunKeptRender;
}

export interface PublishOptions {
  /** The new folder to fill; empty or missing. */
  outDir: string;
  /** The last complete build, if any: a partial build starts from it. */
  previousDir?: string;
  database: Database;
  projectRoot: string;
  runBuild: RunBuild;
  /** Keep each build's renderer and render partial builds with it; without, partial builds run Astro's pipeline. */
  keptRenderer?: KeptRenderer;
  logger: Logger;
  env?: Record<string, string | undefined>;
  now?: number;
}

export interface PublishResult {
  plan: PublishPlan;
  /** Pages rendered (all of them for a full build). */
  rendered: number;
  /** Pages removed from the last build. */
  removed: number;
  /** Pages that declared the inputs of the last build's file, kept without rendering (page-inputs.ts). */
  unchanged: number;
  /** What rendered them: Astro's whole pipeline, or the renderer the last build kept. */
  renderedWith: 'astro' | 'kept renderer';
  summary: BuildSummary;
  /** Where the time went, in ms: reading what the site is made of, rendering, merging into the last build, indexing. */
  timings: { snapshot: number; render: number; merge?: number; index?: number };
}

/** How a publish went, in one line for the logs of `npm run build` and the local server's queue. */
export function describePublish({ plan, renderedWith, rendered, unchanged, removed }: PublishResult): string {
  if (plan.kind === 'full') return `full build: ${plan.reason}`;
  const scope = plan.everyPage ? ` of every page (${plan.everyPage})` : '';
  return `partial build${scope} with the ${renderedWith}: ${rendered} pages rendered, ${unchanged} kept unchanged, ${removed} removed`;
}

/**
 * How many times a partial build is planned: again when an edit saved while its pages rendered made it fail (the
 * render read the newer data, a page the plan had not seen), from a snapshot that has the edit. Editors' saves come in
 * bursts the queue's debounce mostly gathers, so a third attempt in a row is the sign to build in full.
 */
const PARTIAL_ATTEMPTS = 3;

export async function publishSite(options: PublishOptions): Promise<PublishResult> {
  const started = performance.now();
  const read = () => readSiteSnapshot({ database: options.database, projectRoot: options.projectRoot, env: options.env, now: options.now });
  let snapshot = await read();
  const snapshotMs = performance.now() - started;
  const previous = options.previousDir ? readPublishState(options.previousDir) : undefined;
  let plan = planPublish(previous?.snapshot, snapshot);
  for (let attempt = 1; plan.kind === 'partial' && previous && options.previousDir; attempt += 1) {
    try {
      return await partialBuild(options, options.previousDir, previous, snapshot, plan, snapshotMs);
    } catch (error) {
      // Pages the disclosure check refused would be refused again, and a stopped build was meant to stop.
      if (error instanceof BuildError && error.outcome !== 'failed') throw error;
      rmSync(options.outDir, { recursive: true, force: true });
      const reason = error instanceof Error ? error.message : String(error);
      const now = attempt < PARTIAL_ATTEMPTS ? await read() : snapshot;
      if (!rendersNothing(planPublish(snapshot, now))) {
        options.logger.info(`Partial build planned again (${reason}): the site's data changed while it rendered.`);
        snapshot = now;
        plan = planPublish(previous.snapshot, snapshot);
        continue;
      }
      // A partial build that cannot complete (the last build's files gone, a page the plan did not foresee) is not
      // a failed publish: the full build makes the same site.
      options.logger.warn(`Partial build not possible (${reason}); building in full.`);
      break;
    }
  }
  return fullBuild(options, snapshot, plan.kind === 'full' ? plan : { kind: 'full', reason: 'the partial build could not complete' }, snapshotMs);
}

async function fullBuild(options: PublishOptions, snapshot: SiteSnapshot, plan: PublishPlan, snapshotMs: number): Promise<PublishResult> {
  const listFile = join(dirname(options.outDir), `.page-list-${process.pid}-${Date.now()}.json`);
  const inputsFile = `${listFile}.inputs.json`;
  try {
    const keep = keepRendererEnv(options);
    const summary = await options.runBuild({ outDir: options.outDir, env: { REPWELL_PAGE_LIST: listFile, REPWELL_PAGE_INPUTS: inputsFile, ...keep.env }, skipIndex: false });
    const pathnames = JSON.parse(readFileSync(listFile, 'utf8')) as string[];
    const inputs = JSON.parse(readFileSync(inputsFile, 'utf8')) as Record<string, string>;
    const pages = pageFiles(options.outDir, pathnames, () => undefined);
    writePublishState(options.outDir, { snapshot, pages, renderer: keep.id, inputs });
    return { plan, rendered: Object.keys(pages).length, removed: 0, unchanged: 0, renderedWith: 'astro', summary, timings: { snapshot: snapshotMs, render: summary.ms } };
  } finally {
    rmSync(listFile, { force: true });
    rmSync(inputsFile, { force: true });
  }
}

async function partialBuild(
  options: PublishOptions,
  previousDir: string,
  previous: PublishState,
  snapshot: SiteSnapshot,
  plan: Extract<PublishPlan, { kind: 'partial' }>,
  snapshotMs: number,
): Promise<PublishResult> {
  const stage = mkdtempSync(join(dirname(options.outDir), '.partial-'));
  try {
    const selectionFile = `${stage}.selection.json`;
    const listFile = `${stage}.pages.json`;
    const inputsFile = `${stage}.inputs.json`;
    let summary: BuildSummary;
    let pathnames: string[];
    let declared: Record<string, string>;
    let renderer: string | undefined;
    try {
      if (options.keptRenderer && previous.renderer && keptRendererId(options.keptRenderer.dir) === previous.renderer) {
        // Every page again: a page's declared inputs leave out what every page shows, so none may be kept.
        const previousInputs = plan.everyPage === undefined ? (previous.inputs ?? {}) : {};
        const selection: KeptRenderSelection = { products: plan.products, everyOtherPage: plan.everyOtherPage, everyPage: plan.everyPage !== undefined, previousInputs };
        writeFileSync(selectionFile, JSON.stringify(selection));
        summary = await options.keptRenderer.render({ keptDir: options.keptRenderer.dir, outDir: stage, selectionFile, listFile });
        const list = JSON.parse(readFileSync(listFile, 'utf8')) as KeptRenderList;
        pathnames = list.pathnames;
        declared = list.inputs;
        renderer = previous.renderer;
      } else {
        const selection: RenderSelection = { products: plan.products, everyOtherPage: plan.everyOtherPage, everyPage: plan.everyPage !== undefined };
        writeFileSync(selectionFile, JSON.stringify(selection));
        const keep = keepRendererEnv(options);
        summary = await options.runBuild({
          outDir: stage,
          env: { REPWELL_RENDER_ONLY: selectionFile, REPWELL_PAGE_LIST: listFile, REPWELL_PAGE_INPUTS: inputsFile, ...keep.env },
          skipIndex: true,
        });
        pathnames = JSON.parse(readFileSync(listFile, 'utf8')) as string[];
        declared = JSON.parse(readFileSync(inputsFile, 'utf8')) as Record<string, string>;
        renderer = keep.id;
      }
    } finally {
      rmSync(selectionFile, { force: true });
      rmSync(listFile, { force: true });
      rmSync(inputsFile, { force: true });
    }

    const mergeStarted = performance.now();
    linkTree(previousDir, options.outDir);
    const staged = listFiles(stage);
    for (const file of staged) moveOver(join(stage, file), join(options.outDir, file));

    const stagedSet = new Set(staged);
    const pages = pageFiles(options.outDir, pathnames, (pathname) => {
      const before = previous.pages[pathname];
      if (before === undefined) throw new Error(`the page ${pathname} is new but was not rendered`);
      return before;
    }, stagedSet);
    const kept = new Set(Object.values(pages));
    let removed = 0;
    for (const file of Object.values(previous.pages)) {
      if (kept.has(file)) continue;
      rmSync(join(options.outDir, file), { force: true });
      removeEmptyFolders(dirname(join(options.outDir, file)), options.outDir);
      removed += 1;
    }
    const indexStarted = performance.now();
    if (plan.everyOtherPage) await indexArticles(options.outDir);
    const indexMs = performance.now() - indexStarted;
    // A page kept from the last build keeps its digest; a page the site no longer has loses it.
    const inputs = Object.fromEntries(
      Object.entries({ ...previous.inputs, ...declared }).filter(([path]) => pages[path] !== undefined),
    );
    writePublishState(options.outDir, { snapshot, pages, renderer, inputs });
    const mergeMs = performance.now() - mergeStarted - indexMs;
    return {
      plan,
      rendered: staged.filter((file) => kept.has(file)).length,
      removed,
      unchanged: summary.unchangedPages ?? 0,
      renderedWith: renderer === previous.renderer && renderer !== undefined ? 'kept renderer' : 'astro',
      summary,
      timings: { snapshot: snapshotMs, render: summary.ms, merge: mergeMs, index: indexMs },
    };
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/**
 * Where the builds of one site (a published folder, or the local server's folders) keep their renderer: under the
 * project's .astro, so the bundle's imports of packages resolve to the project's node_modules.
 */
export function keptRendererDir(projectRoot: string, site: string): string {
  return join(projectRoot, '.astro', 'renderers', createHash('sha256').update(site).digest('hex').slice(0, 16));
}

/** The environment that has an Astro build keep its renderer (src/integrations/render-only.ts), under a new id. */
function keepRendererEnv(options: PublishOptions): { env: Record<string, string>; id?: string } {
  if (!options.keptRenderer) return { env: {} };
  const id = randomUUID();
  return { env: { REPWELL_KEEP_RENDERER: options.keptRenderer.dir, REPWELL_KEEP_RENDERER_ID: id }, id };
}

/** The id of the renderer kept in `dir`, if there is one. */
function keptRendererId(dir: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(join(dir, KEPT_RENDERER_FACTS), 'utf8')) as KeptRendererFacts).id;
  } catch {
    return undefined;
  }
}

/**
 * The file each page was written to (pages are files: /about is about.html, / is index.html; an endpoint keeps its
 * name, /rss.xml). `rendered` limits the search to this build's files; a page not among them is the last build's.
 */
function pageFiles(dir: string, pathnames: readonly string[], fromPrevious: (pathname: string) => string | undefined, rendered?: ReadonlySet<string>): Record<string, string> {
  const pages: Record<string, string> = {};
  for (const pathname of pathnames) {
    const bare = pathname.replace(/^\/+|\/+$/g, '');
    const candidates = bare === '' ? ['index.html'] : [`${bare}.html`, bare, `${bare}/index.html`];
    const found = candidates.find((file) => (rendered ? rendered.has(file) : isFile(join(dir, file))));
    const file = found ?? fromPrevious(pathname);
    if (file !== undefined) pages[pathname] = file;
  }
  return pages;
}

export function readPublishState(folder: string): PublishState | undefined {
  try {
    return JSON.parse(readFileSync(join(folder, PUBLISH_STATE_FILE), 'utf8')) as PublishState;
  } catch {
    return undefined;
  }
}

function writePublishState(folder: string, state: PublishState): void {
  writeFileSync(join(folder, PUBLISH_STATE_FILE), JSON.stringify(state));
}

/** Every file under `dir`, relative to it, with / separators. */
function listFiles(dir: string, base = dir): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listFiles(path, base));
    else if (entry.isFile()) files.push(relative(base, path).split('\\').join('/'));
  }
  return files;
}

/** Hard-links every file of `from` into `to` (created), but the folder's own records. */
function linkTree(from: string, to: string): void {
  const made = new Set<string>();
  for (const file of listFiles(from)) {
    if (OWN_FILES.has(file)) continue;
    const target = join(to, file);
    const folder = dirname(target);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    linkSync(join(from, file), target);
  }
}

/** Puts `source` at `target`, replacing a linked file by unlinking it: the last build's copy stays as it was. */
function moveOver(source: string, target: string): void {
  if (existsSync(target)) unlinkSync(target);
  else mkdirSync(dirname(target), { recursive: true });
  renameSync(source, target);
}

/** Removes `folder` and its parents up to `root` while they are empty (a retired catalogue data version). */
function removeEmptyFolders(folder: string, root: string): void {
  for (let current = folder; current !== root && relative(root, current) !== '' && !relative(root, current).startsWith('..'); current = dirname(current)) {
    if (!existsSync(current) || readdirSync(current).length > 0) return;
    rmSync(current, { recursive: true });
  }
}

function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
}
