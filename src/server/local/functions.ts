/**
 * Finds the Netlify Functions v2 modules in a folder and routes requests to them
 * the way Netlify does: `config.path` (a string or an array of URLPattern path
 * expressions such as `/api/wishlist/:productId`), optional `config.excludedPath`
 * and `config.method`, and `/.netlify/functions/<name>` for a function without a path.
 * https://docs.netlify.com/build/functions/get-started/#route-requests
 */
import { readdirSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { remember } from './remember.ts';

/** The part of Netlify's Context our functions use; see createContext in function-bridge.ts. */
export interface LocalContext {
  params: Record<string, string>;
  ip: string;
  requestId: string;
  url: URL;
  site: { url: string };
  waitUntil(promise: Promise<unknown>): void;
}

export type FunctionHandler = (request: Request, context: LocalContext) => unknown;

export interface FunctionRoute {
  name: string;
  file: string;
  handler: FunctionHandler;
  patterns: URLPattern[];
  /** Per pattern, its text up to the first special character, and whether that is the whole pattern (see matchFunction). */
  literals: { prefix: string; exact: boolean }[];
  excluded: URLPattern[];
  /** Upper-case methods the function is limited to; undefined means all. */
  methods: Set<string> | undefined;
  /**
   * A Background Function: a name ending in `-background` or `config.background: true`, as Netlify's bundler decides
   * (zip-it-and-ship-it). Netlify answers its caller 202 with no body at once and runs it afterwards (function-bridge.ts).
   */
  background: boolean;
}

export interface FunctionMatch {
  route: FunctionRoute;
  params: Record<string, string>;
}

/** Loads a module by absolute path: native import under `npm start`, Vite's loader under `npm run dev`. */
export type ModuleImporter = (file: string) => Promise<Record<string, unknown>>;

export const nativeImport: ModuleImporter = (file) => import(pathToFileURL(file).href) as Promise<Record<string, unknown>>;

const EXTENSIONS = ['.ts', '.mts', '.js', '.mjs'];

/**
 * The function entry files in a folder, as Netlify finds them: `name.ts` at the
 * top level, or `name/name.ts` / `name/index.ts` in a subfolder.
 */
export function findFunctionFiles(dir: string): { name: string; file: string }[] {
  let entries: string[];
  try {
    entries = readdirSync(dir).sort();
  } catch {
    return [];
  }
  const found: { name: string; file: string }[] = [];
  for (const entry of entries) {
    const path = join(dir, entry);
    const stats = statSync(path);
    if (stats.isFile() && EXTENSIONS.includes(extname(entry)) && !entry.endsWith('.d.ts')) {
      found.push({ name: basename(entry, extname(entry)), file: path });
    } else if (stats.isDirectory()) {
      const main = EXTENSIONS.flatMap((ext) => [join(path, `${entry}${ext}`), join(path, `index${ext}`)]).find((candidate) => {
        try {
          return statSync(candidate).isFile();
        } catch {
          return false;
        }
      });
      if (main) found.push({ name: entry, file: main });
    }
  }
  return found;
}

/** Imports every function in `dir` and builds its routes. A module without a default export is an error. */
export async function loadFunctions(dir: string, importModule: ModuleImporter = nativeImport): Promise<FunctionRoute[]> {
  const routes: FunctionRoute[] = [];
  for (const { name, file } of findFunctionFiles(dir)) {
    const module = await importModule(file);
    routes.push(toRoute(name, file, module));
  }
  return routes;
}

export function toRoute(name: string, file: string, module: Record<string, unknown>): FunctionRoute {
  const handler = module.default;
  if (typeof handler !== 'function') throw new Error(`Function ${name} (${file}) has no default export handler`);
  const config = (module.config ?? {}) as { path?: unknown; excludedPath?: unknown; method?: unknown; schedule?: unknown; background?: unknown };
  const paths = listOf(config.path);
  const methods = listOf(config.method);
  // Netlify gives a scheduled function no URL in production; its runs come from the schedule (locally, a timer).
  const scheduled = typeof config.schedule === 'string' && paths.length === 0;
  const pathnames = scheduled ? [] : paths.length > 0 ? paths : [`/.netlify/functions/${name}`];
  return {
    name,
    file,
    handler: handler as FunctionHandler,
    patterns: pathnames.map((path) => new URLPattern({ pathname: path })),
    literals: pathnames.map(literalOf),
    excluded: listOf(config.excludedPath).map((path) => new URLPattern({ pathname: path })),
    methods: methods.length > 0 ? new Set(methods.map((method) => method.toUpperCase())) : undefined,
    background: name.endsWith('-background') || config.background === true,
  };
}

/** The fixed start of a URLPattern pathname: the text before its first parameter, wildcard, group or modifier. */
export function literalOf(pathname: string): { prefix: string; exact: boolean } {
  const special = pathname.search(/[:*(){}?+\\]/);
  return special === -1 ? { prefix: pathname, exact: true } : { prefix: pathname.slice(0, special), exact: false };
}

function listOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

/** The first function whose path matches (with or without a trailing slash), with its named parameters. */
export function matchFunction(routes: readonly FunctionRoute[], pathname: string, method: string): FunctionMatch | undefined {
  const candidates = pathname.length > 1 && pathname.endsWith('/') ? [pathname, pathname.slice(0, -1)] : [pathname];
  for (const route of routes) {
    if (route.methods && !route.methods.has(method.toUpperCase())) continue;
    if (candidates.some((path) => route.excluded.some((pattern) => pattern.test({ pathname: path })))) continue;
    for (const path of candidates) {
      for (const [index, pattern] of route.patterns.entries()) {
        // URLPattern.exec costs about 2 µs a pattern, and every request tried all 90 routes' patterns (a fifth of the
        // local server's time under load): a path that cannot match the pattern's fixed text skips it.
        const literal = route.literals[index]!;
        if (literal.exact ? path !== literal.prefix : !path.startsWith(literal.prefix)) continue;
        const result = pattern.exec({ pathname: path });
        if (result) return { route, params: definedGroups(result.pathname.groups) };
      }
    }
  }
  return undefined;
}

/** How many recent (method, path) answers a router keeps: every distinct path of a busy site's API, and no more. */
const ROUTER_CACHE_SIZE = 2048;

/**
 * matchFunction for a fixed set of routes, remembering the answer for recent (method, path) pairs: a function path is
 * hit over and over (every beacon is POST /api/track), and trying the route list costs more than the rest of routing.
 * The routes never change once loaded, so a remembered answer stays right; the first remembered is forgotten past the cap.
 */
export function createRouter(routes: readonly FunctionRoute[], size = ROUTER_CACHE_SIZE): (pathname: string, method: string) => FunctionMatch | undefined {
  const recent = new Map<string, FunctionMatch | null>();
  return (pathname, method) => {
    const key = `${method.toUpperCase()} ${pathname}`;
    // null remembers "no function" (a page of the static site), which is most paths.
    const known = recent.get(key);
    const match = known !== undefined ? known : remember(recent, key, matchFunction(routes, pathname, method) ?? null, size);
    // Each request gets its own params: a handler may change its context's.
    return match === null ? undefined : { route: match.route, params: { ...match.params } };
  };
}

function definedGroups(groups: Record<string, string | undefined>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(groups)) if (value !== undefined) params[key] = value;
  return params;
}
