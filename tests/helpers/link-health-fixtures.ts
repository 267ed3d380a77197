/**
 * Fixture retailers for the link checker's tests and bench: `count` HTTP servers on 127.0.0.1, each its own host
 * (host:port), answering every class the checker knows. Every request is logged with its method, path and arrival
 * time, so tests can measure the per-host rate. Reached only through the fetcher's allow-list (`allowedHosts`).
 *
 *   /ok                    200, JSON-LD InStock          /moved        301 → /ok-v2 (another page)
 *   /drop-tag?tag=…        302 → /hop → /p/item (the tag is dropped on the way)
 *   /gone, /gone-410       404, 410                      /to-search    302 → /search?q=roller (a search page)
 *   /to-home               302 → /                      /no-longer    200 'no longer available'
 *   /sold-out              200, JSON-LD SoldOut          /unavailable  200, Amazon's 'Currently unavailable'
 *   /rate-limited          429 with Retry-After: 120     /robot-wall   200 Amazon captcha page (GET), empty 200 (HEAD)
 *   /slow                  answers after `slowMs`        /no-head      405 to HEAD, the ok page to GET
 *   /switch                answers as `switchTo` says (tests change a link's fate between checks)
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';

const fixtures = resolve(import.meta.dirname, '../fixtures');
const read = (path: string) => readFileSync(resolve(fixtures, path), 'utf8');

export interface LoggedRequest {
  host: string;
  method: string;
  path: string;
  at: number;
}

export interface LinkFixtureHosts {
  /** http://127.0.0.1:{port} of each host. */
  bases: string[];
  /** host:port of each, the allow-list. */
  hosts: string[];
  log: LoggedRequest[];
  /** What /switch answers: a path of this table. */
  switchTo: string;
  /** How long /slow waits. */
  slowMs: number;
  maxInFlight(): number;
  close(): Promise<void>;
}

export async function startLinkFixtureHosts(count = 1, options: { slowMs?: number } = {}): Promise<LinkFixtureHosts> {
  const pages = {
    ok: read('scrape-pages/jsonld-product.html'),
    soldOut: read('link-health/jsonld-sold-out.html'),
    unavailable: read('link-health/amazon-unavailable.html'),
    captcha: read('link-health/amazon-captcha.html'),
    noLonger: read('link-health/no-longer-available.html'),
    search: '<!doctype html><html><head><title>Search results for roller</title></head><body><h1>12 results</h1></body></html>',
    home: '<!doctype html><html><head><title>Shop</title></head><body><h1>Welcome to the shop</h1></body></html>',
  };
  const log: LoggedRequest[] = [];
  const flight = { now: 0, max: 0 };
  const state: Pick<LinkFixtureHosts, 'switchTo' | 'slowMs'> = { switchTo: '/ok', slowMs: options.slowMs ?? 3000 };
  const servers: Server[] = [];
  const hosts: string[] = [];

  for (let index = 0; index < count; index += 1) {
    const server = createServer((req, res) => {
      const host = req.headers.host ?? '';
      const url = new URL(req.url ?? '/', `http://${host}`);
      log.push({ host, method: req.method ?? 'GET', path: url.pathname, at: Date.now() });
      flight.now += 1;
      flight.max = Math.max(flight.max, flight.now);
      res.once('close', () => (flight.now -= 1));
      const html = (body: string, status = 200, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
        res.end(req.method === 'HEAD' ? undefined : body);
      };
      const redirect = (location: string, status = 302) => {
        res.writeHead(status, { location });
        res.end();
      };
      const path = url.pathname === '/switch' ? state.switchTo : url.pathname;
      switch (path) {
        case '/ok':
        case '/ok-v2':
        case '/p/item':
          return html(pages.ok);
        case '/':
          return html(pages.home);
        case '/moved':
          return redirect('/ok-v2', 301);
        case '/drop-tag':
          return redirect('/hop');
        case '/hop':
          return redirect('/p/item');
        case '/gone':
          return html('<h1>Not found</h1>', 404);
        case '/gone-410':
          return html('<h1>Gone</h1>', 410);
        case '/to-search':
          return redirect('/search?q=roller');
        case '/search':
          return html(pages.search);
        case '/to-home':
          return redirect('/');
        case '/no-longer':
          return html(pages.noLonger);
        case '/sold-out':
          return html(pages.soldOut);
        case '/unavailable':
          return html(pages.unavailable);
        case '/rate-limited':
          return html('<h1>Too many requests</h1>', 429, { 'retry-after': '120' });
        case '/robot-wall':
          return html(pages.captcha);
        case '/no-head':
          if (req.method === 'HEAD') return html('', 405, { allow: 'GET' });
          return html(pages.ok);
        case '/slow': {
          const timer = setTimeout(() => html(pages.ok), state.slowMs);
          res.once('close', () => clearTimeout(timer));
          return;
        }
        default:
          return html('<h1>Not found</h1>', 404);
      }
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    servers.push(server);
    hosts.push(`127.0.0.1:${(server.address() as AddressInfo).port}`);
  }

  return {
    bases: hosts.map((host) => `http://${host}`),
    hosts,
    log,
    get switchTo() {
      return state.switchTo;
    },
    set switchTo(path: string) {
      state.switchTo = path;
    },
    get slowMs() {
      return state.slowMs;
    },
    set slowMs(ms: number) {
      state.slowMs = ms;
    },
    maxInFlight: () => flight.max,
    async close() {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((done) => {
              server.closeAllConnections();
              server.close(() => done());
            }),
        ),
      );
    },
  };
}
