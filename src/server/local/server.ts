/**
 * The local server behind `npm start`: one Node HTTP server that answers every
 * Netlify Function route (functions first, as on Netlify) and serves the current
 * static build for everything else. What the site serves carries the headers the build's
 * `_headers` file gives its path (headers.ts); a function's answer carries its own headers
 * only, as on Netlify.
 */
import { realpathSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runFunction } from './function-bridge.ts';
import { createRouter, loadFunctions, nativeImport, type FunctionRoute, type ModuleImporter } from './functions.ts';
import { headerRulesFor, headersForPath } from './headers.ts';
import { consoleLogger, errorMessage, type Logger } from './logger.ts';
import { serveStatic } from './static-files.ts';
import { originFormTarget, requestUrl } from './request-url.ts';
import { scheduleAsBatch } from './scheduling.ts';

/** Where the site being served lives; SiteFolders is one, so a published rebuild is picked up at once. */
export interface BuildPointer {
  current(): string | undefined;
}

export interface LocalServerOptions {
  /** 0 picks a free port (tests). */
  port: number;
  /** Defaults to 127.0.0.1: the admin panel should not be reachable from the network by accident. */
  host?: string;
  /** A fixed folder to serve, or a pointer that changes with rebuilds. */
  site: string | BuildPointer;
  functionsDir: string;
  /** The public URL functions see as context.site.url; defaults to this server's URL. */
  siteUrl?: string;
  logger?: Logger;
  importModule?: ModuleImporter;
  /**
   * Loads the functions only once this settles (`npm start`: once migrations have run), so that the site is served at
   * once: until they are loaded, a request under FUNCTION_PREFIXES waits for them, and any other path is the site's.
   * Without it the functions load before the server listens.
   */
  functionsAfter?: Promise<unknown>;
  /**
   * Puts this whole process in the batch scheduling policy (scheduling.ts), for a process that is the server and
   * nothing else: `npm start`, scripts/server.ts. Not for one that also starts browsers to test or measure pages:
   * processes it starts inherit the policy.
   */
  batchScheduling?: boolean;
}

/**
 * yieldToRequests() returns no sooner than this after the server listens: the pages asked for the moment it does (a
 * browser reloading, a test waiting for the restart) are answered before start-up work takes the event loop.
 */
const HEAD_START_MS = 250;
/** It waits for pages in flight this long at most: a slow client must not hold a start up. */
const YIELD_LIMIT_MS = 2_000;

/** Where this project's functions live (config.path under /api/, or Netlify's default path). */
export const FUNCTION_PREFIXES = ['/api/', '/.netlify/functions/'];

export interface LocalServer {
  url: string;
  port: number;
  /** The functions' routes; empty until they are loaded (see functionsAfter). */
  readonly routes: readonly FunctionRoute[];
  /** Resolves once the functions are loaded (rejects if one fails to load). */
  functionsLoaded: Promise<readonly FunctionRoute[]>;
  /**
   * Resolves once the requests that arrived meanwhile are taken in and no page is being answered (YIELD_LIMIT_MS at
   * most), and HEAD_START_MS after listening at the earliest. Loading modules holds the event loop until the last one
   * of a batch is evaluated: work that loads many in turns (`npm start` starting up while it serves the site) calls
   * this between them, so that pages go first.
   */
  yieldToRequests(): Promise<void>;
  /**
   * Resolves once the work functions handed to context.waitUntil so far has settled (the tracking writes behind a
   * beacon's answer): what a reader of the database after a request, a test or a shutdown, waits for.
   */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export async function startLocalServer(options: LocalServerOptions): Promise<LocalServer> {
  const logger = options.logger ?? consoleLogger;
  // Its threads (and the tracking writer's, started later) stop preempting one another at every wakeup.
  if (options.batchScheduling) {
    const policy = await scheduleAsBatch();
    if (policy !== 'batch') logger.info(`The server runs under the ${policy ?? 'system'} scheduling policy, not the batch one (docs/operations.md).`);
  }
  const pointer: BuildPointer = typeof options.site === 'string' ? fixedFolder(options.site) : options.site;
  // Pages being answered (function paths are not counted: during startup they wait for the functions to load).
  let pagesInFlight = 0;
  let listenedAt = Infinity;
  const yieldToRequests = async () => {
    const giveUpAt = performance.now() + YIELD_LIMIT_MS;
    for (;;) {
      // Two turns of the event loop: one accepts a connection that arrived meanwhile, the next reads its request.
      await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
      const headStartLeft = listenedAt + HEAD_START_MS - performance.now();
      if ((pagesInFlight === 0 && headStartLeft <= 0) || performance.now() >= giveUpAt) return;
      await new Promise((resolve) => setTimeout(resolve, pagesInFlight > 0 ? 10 : headStartLeft));
    }
  };

  let routes: readonly FunctionRoute[] = [];
  let route: Router | undefined;
  const functionsLoaded = (async () => {
    await options.functionsAfter;
    const importModule = options.importModule ?? nativeImport;
    // Once the site is served, pages go first between one function's modules and the next's.
    const importInTurns: ModuleImporter = async (file) => {
      await yieldToRequests();
      return importModule(file);
    };
    routes = await loadFunctions(options.functionsDir, options.functionsAfter ? importInTurns : importModule);
    route = createRouter(routes);
    if (options.functionsAfter) warnOutsidePrefixes(routes, logger);
    return routes;
  })();
  if (options.functionsAfter) void functionsLoaded.catch(() => undefined); // the caller awaits it; requests see it fail too
  else await functionsLoaded;
  const host = options.host ?? '127.0.0.1';
  let siteUrl = options.siteUrl ?? '';
  const background = new Set<Promise<unknown>>();
  const settled = async () => {
    // Work may hand on more work (a queued write batch), so wait until nothing is left.
    while (background.size > 0) await Promise.allSettled([...background]);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const root = pointer.current();
    const target = originFormTarget(request.url, request.headers.host);
    const pathname = target === undefined ? '/' : requestUrl(target, 'http://local').pathname;
    // Until the functions have loaded, a request for one waits for them instead of falling through to the site.
    const router = route ?? (target !== undefined && isFunctionPath(pathname) ? await functionsLoaded.then(() => route) : undefined);
    const match = target === undefined ? undefined : router?.(pathname, request.method ?? 'GET');
    // Netlify applies _headers to what its CDN serves (static files, their redirects and 404s), never to a
    // function's answer (docs.netlify.com/manage/routing/headers, Limitations): a function sets its own
    // (src/server/http.ts), here as there. Set before answering: static-files.ts only adds its defaults where
    // these leave a header unset. A refused request target gets the headers of the site root.
    if (!match) {
      const rules = await headerRulesFor(root, logger);
      const secure = 'encrypted' in request.socket && request.socket.encrypted === true;
      for (const [name, value] of Object.entries(headersForPath(rules, pathname, { secure }))) response.setHeader(name, value);
    }

    if (target === undefined) {
      sendBadRequest(response);
      return;
    }
    // Downstream code (functions, static files) only ever sees the origin form.
    request.url = target;
    if (match) await runFunction(request, response, match, { siteUrl, logger, background });
    else await serveStatic(request, response, root, logger);
  };

  const server = createServer({ headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: CONNECTIONS_CHECK_MS }, (request, response) => {
    const page = !isFunctionPath(request.url ?? '/');
    if (page) pagesInFlight++;
    void handle(request, response)
      .catch((error: unknown) => {
        logger.error(`Request ${request.method} ${request.url} failed: ${errorMessage(error)}`, error);
        if (!response.headersSent) {
          response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          response.end('Internal Server Error\n');
        } else {
          response.destroy();
        }
      })
      .finally(() => {
        if (page) pagesInFlight--;
      });
  });
  // Idle keep-alive sockets live long: a client reusing one (Playwright's request context, a browser) after a pause
  // near the old 5 s could race the server's close and see ECONNRESET. close() below ends idle sockets at once.
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  listenedAt = performance.now();
  const { port } = server.address() as AddressInfo;
  const url = `http://${host === '127.0.0.1' || host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`;
  siteUrl ||= url;

  return {
    url,
    port,
    get routes() {
      return routes;
    },
    functionsLoaded,
    yieldToRequests,
    settled,
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
        // Give in-flight responses a moment, then cut what is left (a stuck client must not block shutdown).
        setTimeout(() => server.closeAllConnections(), 2_000).unref();
      });
      // Queued tracking writes land before the process may end.
      await settled();
    },
  };
}

type Router = ReturnType<typeof createRouter>;

/**
 * A client gets this long from connecting (or from the first byte of a next request on a kept-alive socket) to the end
 * of its request headers; then Node answers 408 and closes the socket. Node's defaults (60 s, checked every 30 s) let
 * a client hold hundreds of sockets that never send a header for a minute and a half each (slowloris): 500 idle
 * sockets were still open after 45 s. A real client sends its headers in one packet. On Netlify the platform's edge
 * accepts the connections and this server is not in front; docs/operations.md says so.
 */
export const HEADERS_TIMEOUT_MS = 10_000;
/** How often Node looks for sockets past the headers timeout: the timeout is enforced within this much of it. */
const CONNECTIONS_CHECK_MS = 1_000;

function isFunctionPath(pathname: string): boolean {
  return FUNCTION_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** A function elsewhere was shadowed by the site while the functions loaded: say so rather than leave it a mystery. */
function warnOutsidePrefixes(routes: readonly FunctionRoute[], logger: Logger): void {
  for (const route of routes) {
    const outside = route.literals.filter((literal) => !isFunctionPath(literal.prefix)).map((literal) => literal.prefix);
    if (outside.length > 0) logger.warn(`Function ${route.name} has paths outside ${FUNCTION_PREFIXES.join(' and ')} (${outside.join(', ')}): the site answered them until the functions loaded.`);
  }
}

function sendBadRequest(response: ServerResponse): void {
  const body = 'Bad Request\n';
  response.writeHead(400, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    connection: 'close',
  });
  response.end(body);
}

function fixedFolder(folder: string): BuildPointer {
  let real: string | undefined;
  try {
    real = realpathSync(folder);
  } catch {
    real = undefined;
  }
  return { current: () => real };
}
