/**
 * Renders pages again from the renderer the last build kept (src/integrations/kept-renderer.ts), without Astro's
 * pipeline: a partial build at 10,000 products spent about 18 s in it (loading the content layer, two Vite builds,
 * every route's static paths) before rendering the few pages an edit touches.
 *
 * The kept bundle is the code of the last build, which is the code of this one (a partial build runs only when the
 * source is unchanged: publish-plan.ts). Its data is not: the content store is the collections read afresh from the
 * database with the same queries and schemas as Astro's loaders (database-collections.ts, content-store.ts); the
 * guides, read from files, are kept. Then, as Astro's generate step does: every route's static paths, the selected
 * pages rendered (the middleware checks disclosure as in a full build) and written as files, and the integrations
 * that write site files from the page list (the sitemap, _redirects) run over every page.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { servedPath } from '../../domain/page-path.ts';
import type { Database } from '../../../db/client.ts';
import { KEPT_RENDERER_FACTS, type KeptRendererFacts } from '../../integrations/kept-renderer.ts';
import { selects, type RenderSelection } from '../../integrations/render-only.ts';
import { siteFileIntegrations } from '../../integrations/site-files.ts';
import type { PageViolation } from '../disclosure/check-files.ts';
import { checkRenderedPage, finishRenderCheck, startRenderCheck } from '../disclosure/render-check.ts';
import { provideContentStore } from './content-store.ts';
import { databaseCollections } from './database-collections.ts';
import { declaredPageInputs, keepUnchangedPages, UNCHANGED_HEADER } from './page-inputs.ts';

/** Public files the site-file integrations (site-files.ts) add to: Astro copies public/ before astro:build:done. */
const PUBLIC_FILES_EXTENDED = ['_redirects'];

export interface RouteData {
  type: string;
  component: string;
  route: string;
  pathname?: string;
  prerender: boolean;
  generate: (data?: unknown) => string;
}

export interface KeptApp {
  manifest: { routes: { routeData: RouteData }[] };
  setInternals(internals: unknown): void;
  setOptions(options: unknown): void;
  render(request: Request, options: { routeData: RouteData }): Promise<Response>;
}

export interface KeptRenderOptions {
  keptDir: string;
  /** The last build's page input digests (page-inputs.ts): a page that declares the same is kept, not rendered. */
  previousInputs: Readonly<Record<string, string>>;
  /** The folder the rendered pages and site files are written to. */
  outDir: string;
  selection: RenderSelection;
  projectRoot: string;
  database: Database;
  /** The site's address (astro.config.mjs's `site`). */
  site: string;
}

/** What the kept-render worker is given (its --selection file). */
export interface KeptRenderSelection extends RenderSelection {
  previousInputs: Record<string, string>;
}

/** What the kept-render worker answers (its --list file). */
export interface KeptRenderList {
  pathnames: string[];
  inputs: Record<string, string>;
}

export interface KeptRenderResult {
  /** Every page and endpoint of the site (pathnames), as a full build lists them. */
  pathnames: string[];
  rendered: number;
  /** Pages that declared the inputs of the last build's file, which stays. */
  unchanged: number;
  /** The input digests the rendered pages declared. */
  inputs: Record<string, string>;
  ms: { data: number; paths: number; render: number; files: number };
}

export async function renderWithKeptRenderer(options: KeptRenderOptions): Promise<KeptRenderResult> {
  let started = performance.now();
  const store = await readDatabaseCollections(options.database);
  const dataMs = performance.now() - started;
  const app = await openKeptApp(options.keptDir, store);

  started = performance.now();
  // Astro's own list of every route's static paths, as its default prerenderer makes it.
  const { StaticPaths } = await import('astro/runtime/prerender/static-paths.js');
  const all = (await new StaticPaths(app as unknown as ConstructorParameters<typeof StaticPaths>[0]).getAll()) as unknown as { pathname: string; route: RouteData }[];
  const pathsMs = performance.now() - started;

  started = performance.now();
  const origin = new URL(options.site).origin;
  const selected = all.filter(({ pathname, route }) => selects(options.selection, pathname, route.component));
  // Many pages to render (an edit every catalogue page shows): once this thread has rendered PARALLEL_FROM of them,
  // a second thread takes every other page of the rest, on a second core. Counting rendered pages, not selected
  // ones: most catalogue pages of a price edit are kept, and a thread would only cost its start.
  const parallelFrom = Number(process.env.REPWELL_PARALLEL_RENDER_FROM ?? PARALLEL_FROM);
  const queue = [...selected];
  let helper: Promise<RenderedPages> | undefined;
  const mine = await renderPages(app, queue, {
    outDir: options.outDir,
    origin,
    previousInputs: options.previousInputs,
    progress: (rendered, position) => {
      if (helper || rendered < parallelFrom || availableParallelism() < 2 || position + 2 >= queue.length) return;
      const rest = queue.splice(position + 1);
      queue.push(...rest.filter((_, index) => index % 2 === 0));
      const theirs = rest.filter((_, index) => index % 2 === 1).map(({ pathname, route }) => ({ pathname, component: route.component }));
      helper = renderInThread({ keptDir: options.keptDir, store, outDir: options.outDir, origin, previousInputs: options.previousInputs, pages: theirs });
      // Observed at once: a failure in this thread must not leave the helper's unhandled.
      helper.catch(() => undefined);
    },
  });
  const theirs = helper ? await helper : { unchanged: 0, inputs: {} };
  const unchanged = mine.unchanged + theirs.unchanged;
  const renderMs = performance.now() - started;

  started = performance.now();
  const pages = all.filter(({ route }) => route.type === 'page').map(({ pathname }) => ({ pathname: pathname.replace(/^\//, '') }));
  await writeSiteFiles(options, app, pages);
  const filesMs = performance.now() - started;
  return {
    pathnames: all.map(({ pathname }) => pathname),
    rendered: selected.length - unchanged,
    unchanged,
    inputs: { ...mine.inputs, ...theirs.inputs },
    ms: { data: dataMs, paths: pathsMs, render: renderMs, files: filesMs },
  };
}

/**
 * The disclosure check, around a render: the middleware hands it every page (src/middleware.ts), as in a full
 * build. Returns the render's result and the pages that break the rule (none when all is well).
 */
export async function withDisclosureCheck<T>(projectRoot: string, siteOrigin: string, render: () => Promise<T>): Promise<{ result: T; violations: PageViolation[] }> {
  startRenderCheck(pathToFileURL(join(projectRoot, 'src/server/disclosure/render-check-worker.ts')), 1, siteOrigin);
  const result = await render();
  const check = await finishRenderCheck();
  return { result, violations: check?.violations ?? [] };
}

/**
 * Once this many pages were rendered, a second thread renders half of the rest (starting it costs a second or two).
 * REPWELL_PARALLEL_RENDER_FROM sets another threshold (the equivalence test uses 1, so the thread always renders).
 */
const PARALLEL_FROM = 150;

/** The kept bundle loaded with `store` as its content store, ready to render (in this thread or another). */
export async function openKeptApp(keptDir: string, store: Map<string, Map<string, unknown>>): Promise<KeptApp> {
  const facts = JSON.parse(readFileSync(join(keptDir, KEPT_RENDERER_FACTS), 'utf8')) as KeptRendererFacts;
  provideContentStore(keptDir, store);
  const { app } = (await import(pathToFileURL(join(keptDir, facts.entry)).href)) as { app: KeptApp };
  app.setInternals({
    prerenderEntryFileName: facts.entry,
    pagesByKeys: new Map(facts.pages),
    entrySpecifierToBundleMap: new Map(facts.bundles),
  });
  app.setOptions({ settings: { scripts: facts.scripts }, logger: { options: { destination: astroLogDestination } } });
  return app;
}

export interface RenderedPages {
  unchanged: number;
  /** The input digests the pages declared. */
  inputs: Record<string, string>;
}

/** Renders pages and writes them into outDir; a page whose declared inputs are the last build's is kept instead. */
export async function renderPages(
  app: KeptApp,
  pages: { pathname: string; route: RouteData }[],
  options: {
    outDir: string;
    origin: string;
    previousInputs: Readonly<Record<string, string>>;
    /** Each written page's HTML (a second thread hands it to the disclosure check this way). */
    rendered?: (page: string, html: Uint8Array) => void;
    /** After each page: how many were rendered so far, and the page's position (`pages` may change past it). */
    progress?: (rendered: number, position: number) => void;
  },
): Promise<RenderedPages> {
  keepUnchangedPages(options.previousInputs);
  let unchanged = 0;
  let written = 0;
  for (let position = 0; position < pages.length; position += 1) {
    const { pathname, route } = pages[position]!;
    const response = await app.render(new Request(new URL(requestPath(pathname, route), options.origin)), { routeData: route });
    if (response.headers.has(UNCHANGED_HEADER)) {
      unchanged += 1;
      options.progress?.(written, position);
      continue;
    }
    // As Astro's generate step: a page's body is written whatever its status (the 404 page); a redirect is not a
    // page this site pre-renders.
    if ((response.status >= 300 && response.status < 400) || !response.body) throw new Error(`${pathname} answered ${response.status} with no page`);
    const target = join(options.outDir, outputFile(pathname, route));
    mkdirSync(dirname(target), { recursive: true });
    const html = new Uint8Array(await response.arrayBuffer());
    writeFileSync(target, html);
    options.rendered?.(servedPath(pathname), html);
    written += 1;
    options.progress?.(written, position);
  }
  return { unchanged, inputs: declaredPageInputs() };
}

/** What the second render thread is given (kept-render-thread.ts). */
export interface RenderThreadData {
  keptDir: string;
  store: Map<string, Map<string, unknown>>;
  outDir: string;
  origin: string;
  previousInputs: Readonly<Record<string, string>>;
  pages: { pathname: string; component: string }[];
}

/** What it posts: each page it wrote (for the disclosure check, which runs in this thread), then its totals. */
export type RenderThreadMessage = { kind: 'page'; page: string; html: Uint8Array } | ({ kind: 'done' } & RenderedPages);

function renderInThread(data: RenderThreadData): Promise<RenderedPages> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./kept-render-thread.ts', import.meta.url), { workerData: data });
    let done: RenderedPages | undefined;
    worker.on('message', (message: RenderThreadMessage) => {
      if (message.kind === 'page') checkRenderedPage(message.page, message.html);
      else done = { unchanged: message.unchanged, inputs: message.inputs };
    });
    worker.once('error', reject);
    worker.once('exit', (code) => (done && code === 0 ? resolve(done) : reject(new Error(`the second render thread stopped (exit code ${code})`))));
  });
}

/**
 * The database's collections now, entry for entry as Astro's loaders make them (src/content.config.ts: `{ id, data }`,
 * the row parsed by the collection's schema).
 */
async function readDatabaseCollections(database: Database): Promise<Map<string, Map<string, unknown>>> {
  // Side by side, as Astro runs the loaders: the categories' counts share the products' read.
  const collections = Object.entries(databaseCollections(database));
  const read = await Promise.all(
    collections.map(async ([name, collection]) => {
      const rows = (await collection.list()) as Record<string, unknown>[];
      const idOf = collection.idOf as (row: Record<string, unknown>) => string;
      return [name, new Map(rows.map((row) => [idOf(row), { id: idOf(row), data: collection.schema.parse(row) }]))] as const;
    }),
  );
  return new Map(read);
}

/** Runs the site-file integrations' astro:build:done over every page, into outDir, as Astro's build does. */
async function writeSiteFiles(options: KeptRenderOptions, app: KeptApp, pages: { pathname: string }[]): Promise<void> {
  for (const file of PUBLIC_FILES_EXTENDED) {
    const source = join(options.projectRoot, 'public', file);
    if (existsSync(source)) copyFileSync(source, join(options.outDir, file));
  }
  const dir = pathToFileURL(`${options.outDir}/`);
  const logger = integrationLogger();
  // The sitemap adds the static pages' routes to the page list (which has them already): their fixed paths.
  const routes = app.manifest.routes
    .map(({ routeData }) => routeData)
    .filter((route) => route.pathname !== undefined)
    .map((route) => ({ type: route.type, pathname: route.pathname, pattern: route.route, generate: () => route.pathname, fallbackRoutes: [] }));
  // The parts of astro.config.mjs these integrations read.
  const config = { site: options.site, base: '/', trailingSlash: 'never', build: { format: 'file' } };
  for (const integration of siteFileIntegrations(options.site)) {
    const hooks = integration.hooks as Record<string, ((params: Record<string, unknown>) => unknown) | undefined>;
    await hooks['astro:routes:resolved']?.({ routes, logger });
    await hooks['astro:config:done']?.({ config, logger });
    await hooks['astro:build:done']?.({ dir, pages: pages.map((page) => ({ ...page })), logger });
  }
}

/** The request Astro's generate step makes for a page: pages as files (build.format 'file'), endpoints as named. */
function requestPath(pathname: string, route: RouteData): string {
  if (pathname === '/' || pathname === '') return '/index.html';
  return route.type === 'endpoint' ? pathname.replace(/\/+$/, '') : `${pathname.replace(/\/+$/, '')}.html`;
}

/** The file Astro writes a page to (build.format 'file'). */
export function outputFile(pathname: string, route: Pick<RouteData, 'type'>): string {
  const bare = pathname.replace(/^\/+|\/+$/g, '');
  if (bare === '') return 'index.html';
  return route.type === 'endpoint' ? bare : `${bare}.html`;
}

const astroLogDestination = {
  write(event: { level: string; message: string; label?: string }) {
    if (event.level === 'warn' || event.level === 'error') console.error(`[astro] ${event.label ?? ''} ${event.message}`);
    return true;
  },
};

function integrationLogger() {
  const logger = {
    info: () => {},
    debug: () => {},
    warn: (message: string) => console.error(message),
    error: (message: string) => console.error(message),
    fork: () => logger,
    label: 'kept-render',
    options: { destination: astroLogDestination, level: 'warn' },
  };
  return logger;
}
