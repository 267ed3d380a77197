/**
 * A retailer on 127.0.0.1 for the add-by-link tests, the e2e spec and the bench: the pages of
 * tests/fixtures/scrape-pages at /pages/{file}, and the hostile answers the fetcher must refuse (redirects to private
 * addresses, a redirect loop, a gzip bomb, an endless body, a slow drip), and a bot wall (503) on /dp/… paths. The fetcher reaches it only because its
 * host:port is in the allow-list the caller passes (SCRAPE_ALLOWED_HOSTS or `allowedHosts`).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createGzip } from 'node:zlib';

export const SCRAPE_PAGES_DIR = resolve(import.meta.dirname, '../fixtures/scrape-pages');

export interface ScrapeFixtures {
  /** http://127.0.0.1:{port} */
  base: string;
  /** 127.0.0.1:{port}, the allow-list entry. */
  hostPort: string;
  port: number;
  /** How many requests each path received. */
  hits: Map<string, number>;
  /** The most requests open at once so far (answers of /slow/ pages take 150 ms, so overlaps show). */
  maxInFlight(): number;
  close(): Promise<void>;
}

let bomb: Promise<Buffer> | undefined;

/** 50 MB of zeros gzip to about 50 KB: a fetcher must stop at its 3 MB cap, not inflate it all. Made once, then shared. */
export function gzipBomb(): Promise<Buffer> {
  bomb ??= new Promise<Buffer>((done, fail) => {
    const gzip = createGzip({ level: 9 });
    const parts: Buffer[] = [];
    gzip.on('data', (part: Buffer) => parts.push(part));
    gzip.on('end', () => done(Buffer.concat(parts)));
    gzip.on('error', fail);
    const zeros = Buffer.alloc(1024 * 1024);
    for (let i = 0; i < 50; i += 1) gzip.write(zeros);
    gzip.end();
  });
  return bomb;
}

/** A long error page: over 1000 characters, so only its status makes it no product. */
const notFoundPage = `<!doctype html><html><head><title>Page Not Found - Shop</title></head><body><h1>Page Not Found</h1>${'<p>We looked everywhere.</p>'.repeat(60)}</body></html>`;

/** What a retailer's bot wall answers an automated visit (503, a captcha page, no product data). */
const botWallPage = `<!doctype html><html><head><title>Robot Check</title></head><body><h1>Sorry, we just need to make sure you're not a robot.</h1>${'<p>Type the characters you see in this image.</p>'.repeat(40)}</body></html>`;

function handle(req: IncomingMessage, res: ServerResponse, base: string): void {
  const url = new URL(req.url ?? '/', base);
  const path = url.pathname;
  const slow = /^\/slow(\/pages\/.+)$/.exec(path);
  if (slow) {
    setTimeout(() => handle(Object.assign(req, { url: slow[1] }), res, base), 150);
    return;
  }
  const page = /^\/pages\/([a-z0-9-]+\.html)$/.exec(path);
  if (page) {
    let html: Buffer;
    try {
      html = readFileSync(resolve(SCRAPE_PAGES_DIR, page[1]!));
    } catch {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(notFoundPage);
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    return void res.end(html);
  }
  // Amazon-style product paths (/dp/{ASIN}/ref=…) meet the bot wall, as automated visits to a retailer often do.
  if (/^\/dp\//.test(path)) {
    res.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'retry-after': '3600' });
    return void res.end(botWallPage);
  }
  const to = url.searchParams.get('to');
  if (path === '/redirect' && to) {
    res.writeHead(Number(url.searchParams.get('status') ?? 302), { location: to });
    return void res.end();
  }
  if (path === '/loop-a' || path === '/loop-b') {
    res.writeHead(301, { location: path === '/loop-a' ? '/loop-b' : '/loop-a' });
    return void res.end();
  }
  const chain = /^\/chain\/(\d+)$/.exec(path);
  if (chain) {
    const left = Number(chain[1]);
    res.writeHead(302, { location: left === 0 ? '/pages/jsonld-product.html' : `/chain/${left - 1}` });
    return void res.end();
  }
  if (path === '/gzip-bomb') {
    void gzipBomb().then((body) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      res.end(body);
    });
    return;
  }
  if (path === '/endless') {
    res.writeHead(200, { 'content-type': 'text/html' });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const write = () => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once('drain', write);
    };
    req.socket.on('close', () => res.destroy());
    return write();
  }
  if (path === '/drip') {
    res.writeHead(200, { 'content-type': 'text/html' });
    const timer = setInterval(() => res.write('.'), 100);
    req.socket.on('close', () => clearInterval(timer));
    return;
  }
  if (path === '/json') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return void res.end(JSON.stringify({ name: 'Not a page', filler: 'x'.repeat(2000) }));
  }
  res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
  res.end(notFoundPage);
}

export async function startScrapeFixtures(): Promise<ScrapeFixtures> {
  const hits = new Map<string, number>();
  const holder = { base: '' };
  const flight = { now: 0, max: 0 };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', holder.base).pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    flight.now += 1;
    flight.max = Math.max(flight.max, flight.now);
    res.once('close', () => (flight.now -= 1));
    handle(req, res, holder.base);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  holder.base = `http://127.0.0.1:${port}`;
  return {
    base: holder.base,
    hostPort: `127.0.0.1:${port}`,
    port,
    hits,
    maxInFlight: () => flight.max,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** The fixture page's text, for tests that compare what was stored with what was served. */
export function scrapePage(name: string): string {
  return readFileSync(resolve(SCRAPE_PAGES_DIR, name), 'utf8');
}
