/**
 * Serves one build folder the way Netlify serves `dist`: the build's `_redirects` rules as
 * Netlify's engine matches them (rewrites, section not-found pages with status 404, redirects; see
 * redirects.ts), pretty URLs (`/about` → `about.html`, which is how the site is built, with a 301
 * from `/about/` to `/about`; a folder's index.html with a 301 to its trailing slash), the build's
 * 404.html with status 404, and revalidation unless the build's `_headers` says otherwise (Astro's
 * hashed assets are cached for good there). Netlify's own files (`_redirects`, `_headers`) and
 * dotfiles are not part of the site.
 */
import { createReadStream, type Stats } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CompressedCache } from './compressed-cache.ts';
import type { Logger } from './logger.ts';
import { contentTypeFor, isCompressible } from './mime.ts';
import { redirectsFor } from './redirects.ts';
import { requestUrl } from './request-url.ts';

/** Pages change with every rebuild: the browser may keep them but must revalidate. */
const REVALIDATE = 'public, max-age=0, must-revalidate';
const MIN_COMPRESS_BYTES = 1024;
/** Larger text files are sent as they are rather than held in memory. */
const MAX_COMPRESS_BYTES = 4 * 1024 * 1024;

const compressedCache = new CompressedCache(64 * 1024 * 1024);

type Resolved = { kind: 'file'; path: string; stats: Stats } | { kind: 'redirect'; location: string } | { kind: 'missing' };

/**
 * Answers a GET or HEAD for a path under `root` (a real path, as SiteFolders gives it).
 * `root` undefined means no build exists yet.
 */
export async function serveStatic(request: IncomingMessage, response: ServerResponse, root: string | undefined, logger: Logger): Promise<void> {
  const method = request.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') {
    sendText(response, 405, 'Method Not Allowed', { allow: 'GET, HEAD' });
    return;
  }
  if (!root) {
    sendText(response, 503, 'The site is being built. Try again in a moment.', { 'retry-after': '5' });
    return;
  }

  const url = requestUrl(request.url, 'http://local');
  const resolved = await resolvePath(root, url);
  const found = await redirectsFor(root, logger).match({ pathname: url.pathname, search: url.search, headers: engineHeaders(request) });
  // A path that only redirects (`/about/` to `/about`) still exists: it shadows unforced rules, as on Netlify.
  const rule = found && (found.force || resolved.kind === 'missing') ? found : undefined;

  if (rule?.kind === 'rewrite') {
    if (rule.status === 200) {
      // The target's content under the requested address. Netlify does not try further
      // rules when the target is missing; it answers with the site's 404 page.
      const target = await resolveTarget(root, rule.path);
      if (target.kind === 'file') {
        await sendFile(request, response, target.path, target.stats);
        return;
      }
      logger.warn(`404 ${url.pathname}${url.search} (rewrite to missing ${rule.path})`);
      await sendNotFound(request, response, root);
      return;
    }
    logger.warn(`${rule.status} ${url.pathname}`);
    await sendNotFound(request, response, root, rule.path, rule.status);
    return;
  }
  if (rule?.kind === 'not-found') {
    logger.warn(`404 ${url.pathname}${url.search} (${rule.reason})`);
    await sendNotFound(request, response, root);
    return;
  }
  if (rule?.kind === 'proxy') {
    logger.warn(`502 ${url.pathname}: the rule proxies to ${rule.target}, which only Netlify does`);
    sendText(response, 502, 'This address is proxied to another host on Netlify only.');
    return;
  }
  if (rule?.kind === 'redirect') {
    writeHead(response, rule.status, { location: rule.location, 'cache-control': REVALIDATE });
    response.end();
    return;
  }
  if (resolved.kind === 'redirect') {
    writeHead(response, 301, { location: resolved.location, 'cache-control': REVALIDATE });
    response.end();
    return;
  }
  if (resolved.kind === 'missing') {
    logger.warn(`404 ${url.pathname}`);
    await sendNotFound(request, response, root);
    return;
  }
  await sendFile(request, response, resolved.path, resolved.stats);
}

/** Maps a URL to a file inside root; anything that would leave root, or names a dotfile, is missing. */
async function resolvePath(root: string, url: URL): Promise<Resolved> {
  const segments = decodeSegments(url.pathname);
  if (!segments) return { kind: 'missing' };
  const target = join(root, ...segments);
  if (target !== root && !target.startsWith(root + sep)) return { kind: 'missing' };

  if (url.pathname.endsWith('/')) {
    // Pages are built as `about.html` (Astro build.format 'file'), so `/about/` moves to `/about`, as on Netlify, which
    // does so even when a folder `about/` with an index.html exists too (github.com/slorber/trailing-slash-guide).
    if (target !== root && (await fileAt(root, `${target}.html`)).kind === 'file') {
      return { kind: 'redirect', location: sameSiteLocation(`${url.pathname.replace(/\/+$/, '')}${url.search}`) };
    }
    return fileAt(root, join(target, 'index.html'));
  }

  const stats = await statOrUndefined(target);
  if (stats?.isFile()) return fileAt(root, target, stats);
  // `about.html` answers `/about` even beside a folder `about/` (Netlify does the same); only a folder alone moves to its slash.
  const page = await fileAt(root, `${target}.html`);
  if (page.kind === 'file' || !stats?.isDirectory()) return page;
  if ((await statOrUndefined(join(target, 'index.html')))?.isFile()) {
    return { kind: 'redirect', location: sameSiteLocation(`${url.pathname}/${url.search}`) };
  }
  return { kind: 'missing' };
}

/**
 * A redirect within this site. `//about` would be a protocol-relative URL that sends the browser
 * to the host "about", so any run of leading slashes becomes one.
 */
function sameSiteLocation(path: string): string {
  return path.replace(/^\/{2,}/, '/');
}

/**
 * The file a rule's target path names, without redirects (a rewrite never sends the browser
 * elsewhere): `/x/` is `x/index.html`, `/x` is the file `x`, `x.html` or `x/index.html`. The same
 * checks as for a request keep it inside root.
 */
async function resolveTarget(root: string, sitePath: string): Promise<Resolved> {
  const segments = decodeSegments(sitePath);
  if (!segments) return { kind: 'missing' };
  const target = join(root, ...segments);
  if (target !== root && !target.startsWith(root + sep)) return { kind: 'missing' };
  const candidates = sitePath.endsWith('/') ? [join(target, 'index.html')] : [target, `${target}.html`, join(target, 'index.html')];
  for (const candidate of candidates) {
    const found = await fileAt(root, candidate);
    if (found.kind === 'file') return found;
  }
  return { kind: 'missing' };
}

/** Files at the root of the build that configure Netlify rather than belong to the site. */
const BUILD_ONLY = new Set(['_redirects', '_headers']);

/** The decoded path segments, or undefined for a path that is malformed or reaches outside. */
function decodeSegments(pathname: string): string[] | undefined {
  const segments: string[] = [];
  for (const raw of pathname.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (segment === '') continue;
    if (segment.includes('\0') || segment.includes('/') || segment.includes('\\')) return undefined;
    if (segment === '.' || segment === '..') return undefined;
    // Netlify reads these from the publish folder and never serves them.
    if (segments.length === 0 && BUILD_ONLY.has(segment)) return undefined;
    // Dotfiles (the build fingerprint among them) are not part of the site; .well-known is.
    if (segment.startsWith('.') && segment !== '.well-known') return undefined;
    segments.push(segment);
  }
  return segments;
}

async function fileAt(root: string, path: string, known?: Stats): Promise<Resolved> {
  const stats = known ?? (await statOrUndefined(path));
  if (!stats?.isFile()) return { kind: 'missing' };
  // A symlink inside the build must not lead outside it.
  const real = await realpath(path).catch(() => undefined);
  if (!real || !real.startsWith(root + sep)) return { kind: 'missing' };
  return { kind: 'file', path: real, stats };
}

async function statOrUndefined(path: string): Promise<Stats | undefined> {
  try {
    return await stat(path);
  } catch {
    return undefined;
  }
}

async function sendFile(request: IncomingMessage, response: ServerResponse, path: string, stats: Stats): Promise<void> {
  const contentType = contentTypeFor(path);
  const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
  const lastModified = stats.mtime.toUTCString();
  const headers: Record<string, string> = {
    'content-type': contentType,
    'cache-control': contentType.startsWith('text/html') ? 'no-cache' : REVALIDATE,
    etag,
    'last-modified': lastModified,
  };

  if (isNotModified(request, etag, stats.mtime)) {
    writeHead(response, 304, headers);
    response.end();
    return;
  }

  const compressible = isCompressible(contentType);
  if (compressible) headers['vary'] = 'Accept-Encoding';
  const encoding =
    compressible && stats.size >= MIN_COMPRESS_BYTES && stats.size <= MAX_COMPRESS_BYTES ? pickEncoding(request.headers['accept-encoding']) : undefined;

  if (encoding) {
    const body = await compressedCache.get(path, stats, encoding);
    writeHead(response, 200, { ...headers, 'content-encoding': encoding, 'content-length': String(body.length) });
    response.end(request.method === 'HEAD' ? undefined : body);
    return;
  }

  writeHead(response, 200, { ...headers, 'content-length': String(stats.size) });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  try {
    await pipeline(createReadStream(path), response);
  } catch {
    // The client went away mid-transfer, or the folder was removed under us: nothing to answer.
    response.destroy();
  }
}

function isNotModified(request: IncomingMessage, etag: string, mtime: Date): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    // Weak comparison (RFC 9110 13.1.2): W/ prefixes do not matter.
    const strip = (tag: string) => tag.trim().replace(/^W\//, '');
    return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => strip(tag) === strip(etag));
  }
  const ifModifiedSince = request.headers['if-modified-since'];
  if (ifModifiedSince !== undefined) {
    const since = Date.parse(ifModifiedSince);
    // HTTP dates have whole seconds.
    return !Number.isNaN(since) && Math.floor(mtime.getTime() / 1000) <= Math.floor(since / 1000);
  }
  return false;
}

function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => q === undefined || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/** The 404 page (or a rule's status): a rule's section page when one applies, else the build's 404.html. */
async function sendNotFound(request: IncomingMessage, response: ServerResponse, root: string, sectionPage?: string, status = 404): Promise<void> {
  const section = sectionPage ? await resolveTarget(root, sectionPage) : undefined;
  const candidates = [...(section?.kind === 'file' ? [section.path] : []), join(root, '404.html')];
  const page = await firstReadable(candidates);
  if (!page) {
    sendText(response, 404, 'Not Found');
    return;
  }
  writeHead(response, status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': String(page.length),
    'cache-control': 'no-cache',
  });
  response.end(request.method === 'HEAD' ? undefined : page);
}

async function firstReadable(files: string[]): Promise<Buffer | undefined> {
  for (const file of files) {
    try {
      return await readFile(file);
    } catch {
      // try the next one
    }
  }
  return undefined;
}

/**
 * Writes the status line with this module's default headers, except where the server has already
 * set a header from the build's `_headers` (server.ts): on Netlify too, custom headers replace the
 * defaults. Length and encoding always describe the body sent.
 */
function writeHead(response: ServerResponse, status: number, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) {
    if (!response.hasHeader(name) || name === 'content-length' || name === 'content-encoding') response.setHeader(name, value);
  }
  response.writeHead(status);
}

/** Accept-Language and Cookie, which Netlify's engine reads for Language and Country conditions. */
function engineHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  const language = request.headers['accept-language'];
  if (language) headers['accept-language'] = language;
  if (request.headers.cookie) headers.cookie = request.headers.cookie;
  return headers;
}

function sendText(response: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  const body = Buffer.from(`${text}\n`);
  writeHead(response, status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': String(body.length),
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(body);
}
