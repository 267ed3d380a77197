/**
 * safeFetch against real HTTP servers on 127.0.0.1. The fixture server is reached only through the injected
 * allow-list (the same rule SCRAPE_ALLOWED_HOSTS feeds), so every refusal here is the production rule at work.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync, brotliCompressSync, deflateSync, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundError, safeFetch, type SafeFetchOptions } from '../../src/server/outbound/index.ts';
import { gzipBomb } from '../helpers/scrape-fixtures.ts';

type Handler = (req: IncomingMessage, res: ServerResponse, base: string) => void;

async function listen(handler: Handler): Promise<{ server: Server; base: string; port: number }> {
  const holder: { base: string } = { base: '' };
  const server = createServer((req, res) => handler(req, res, holder.base));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  holder.base = `http://127.0.0.1:${port}`;
  return { server, base: holder.base, port };
}

let fixture: Awaited<ReturnType<typeof listen>>;
let other: Awaited<ReturnType<typeof listen>>;
const seen: { userAgent?: string; method?: string } = {};
const page = `<!doctype html><html><head><title>Fixture</title></head><body>${'<p>Product text.</p>'.repeat(80)}</body></html>`;

const routes: Record<string, Handler> = {
  '/page': (req, res) => {
    seen.userAgent = req.headers['user-agent'];
    seen.method = req.method;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'x-fixture': 'yes' });
    res.end(req.method === 'HEAD' ? undefined : page);
  },
  '/latin1': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=ISO-8859-1' });
    res.end(Buffer.from('<p>Crème brûlée, 12 €? no: 12 £ and ñ</p>'.replace('€', 'EUR'), 'latin1'));
  },
  '/meta-charset': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(Buffer.concat([Buffer.from('<meta charset="windows-1252"><p>'), Buffer.from([0x93, 0x71, 0x94, 0x20, 0x80]), Buffer.from('</p>')]));
  },
  '/gzip': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' });
    res.end(gzipSync(page));
  },
  '/br': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br' });
    res.end(brotliCompressSync(page));
  },
  '/deflate': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'deflate' });
    res.end(deflateSync(page));
  },
  '/deflate-raw': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'deflate' });
    res.end(deflateRawSync(page));
  },
  '/gzip-bomb': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
    res.end(bomb);
  },
  '/endless': (req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const write = () => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once('drain', write);
    };
    req.socket.on('close', () => res.destroy());
    write();
  },
  '/drip': (req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    const timer = setInterval(() => res.write('.'), 100);
    req.socket.on('close', () => clearInterval(timer));
  },
  '/unknown-encoding': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'x-made-up' });
    res.end('????');
  },
  '/not-found': (_req, res) => {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('missing');
  },
};

let bomb: Buffer;

beforeAll(async () => {
  bomb = await gzipBomb();
  other = await listen((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('internal secret');
  });
  fixture = await listen((req, res, base) => {
    const url = new URL(req.url ?? '/', base);
    const chain = /^\/chain\/(\d+)$/.exec(url.pathname);
    if (chain) {
      const left = Number(chain[1]);
      if (left === 0) return routes['/page']!(req, res, base);
      res.writeHead(302, { location: `/chain/${left - 1}` });
      return res.end();
    }
    const to = url.searchParams.get('to');
    if (url.pathname === '/redirect' && to) {
      res.writeHead(Number(url.searchParams.get('status') ?? 302), { location: to });
      return res.end();
    }
    if (url.pathname === '/loop-a' || url.pathname === '/loop-b') {
      res.writeHead(301, { location: url.pathname === '/loop-a' ? '/loop-b' : '/loop-a' });
      return res.end();
    }
    const route = routes[url.pathname];
    if (route) return route(req, res, base);
    res.writeHead(500);
    res.end();
  });
});

afterAll(async () => {
  for (const { server } of [fixture, other]) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

function opts(extra: SafeFetchOptions = {}): SafeFetchOptions {
  return { allowedHosts: [`127.0.0.1:${fixture.port}`], userAgent: 'RepwellBot/1.0 (+https://repwell.test)', ...extra };
}

async function refusal(url: string, extra: SafeFetchOptions = {}): Promise<OutboundError> {
  const error: unknown = await safeFetch(url, opts(extra)).then(
    () => new Error(`${url} was fetched`),
    (caught: unknown) => caught,
  );
  if (!(error instanceof OutboundError)) throw error;
  return error;
}

describe('safeFetch: normal pages', () => {
  it('fetches a page with its status, headers, text and a truthful User-Agent', async () => {
    const result = await safeFetch(`${fixture.base}/page`, opts());
    expect(result.status).toBe(200);
    expect(result.url).toBe(`${fixture.base}/page`);
    expect(result.headers.get('x-fixture')).toBe('yes');
    expect(result.body).toBe(page);
    expect(result.redirects).toEqual([]);
    expect(seen.userAgent).toBe('RepwellBot/1.0 (+https://repwell.test)');
  });

  it('uses the site URL in the default User-Agent', async () => {
    await safeFetch(`${fixture.base}/page`, { allowedHosts: [`127.0.0.1:${fixture.port}`] });
    expect(seen.userAgent).toMatch(/^RepwellBot\/1\.0 \(\+https?:\/\/.+\)$/);
  });

  it('returns error statuses as results, not exceptions', async () => {
    const result = await safeFetch(`${fixture.base}/not-found`, opts());
    expect(result.status).toBe(404);
    expect(result.body).toBe('missing');
  });

  it('supports HEAD', async () => {
    const result = await safeFetch(`${fixture.base}/page`, opts({ method: 'HEAD' }));
    expect(seen.method).toBe('HEAD');
    expect(result.status).toBe(200);
    expect(result.body).toBe('');
    expect(result.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('follows a redirect chain of 3 and reports it', async () => {
    const result = await safeFetch(`${fixture.base}/chain/3`, opts());
    expect(result.status).toBe(200);
    expect(result.url).toBe(`${fixture.base}/chain/0`);
    expect(result.redirects.map((hop) => [hop.url, hop.status, hop.location])).toEqual([
      [`${fixture.base}/chain/3`, 302, `${fixture.base}/chain/2`],
      [`${fixture.base}/chain/2`, 302, `${fixture.base}/chain/1`],
      [`${fixture.base}/chain/1`, 302, `${fixture.base}/chain/0`],
    ]);
  });

  it('follows exactly 5 redirects', async () => {
    expect((await safeFetch(`${fixture.base}/chain/5`, opts())).redirects).toHaveLength(5);
  });

  it('decodes an ISO-8859-1 page by its Content-Type charset', async () => {
    const result = await safeFetch(`${fixture.base}/latin1`, opts());
    expect(result.body).toBe('<p>Crème brûlée, 12 EUR? no: 12 £ and ñ</p>');
  });

  it('decodes by a <meta charset> when the header has none', async () => {
    const result = await safeFetch(`${fixture.base}/meta-charset`, opts());
    expect(result.body).toContain('“q” €');
  });

  it.each(['/gzip', '/br', '/deflate', '/deflate-raw'])('decompresses %s', async (path) => {
    expect((await safeFetch(`${fixture.base}${path}`, opts())).body).toBe(page);
  });
});

describe('safeFetch: refusals', () => {
  it('refuses 6 redirects', async () => {
    const error = await refusal(`${fixture.base}/chain/6`);
    expect(error.code).toBe('too-many-redirects');
    expect(error.message).toBe('The page redirected more than 5 times.');
  });

  it('refuses a redirect loop', async () => {
    const error = await refusal(`${fixture.base}/loop-a`);
    expect(error.code).toBe('redirect-loop');
    expect(error.message).toContain('loop');
  });

  it('refuses a redirect from the allowed host to another, not allowed, local port', async () => {
    const error = await refusal(`${fixture.base}/redirect?to=${encodeURIComponent(`http://127.0.0.1:${other.port}/`)}`);
    expect(error.code).toBe('bad-port');
  });

  it.each([
    ['http://127.0.0.1/', 'blocked-address'],
    ['http://169.254.169.254/latest/meta-data/', 'blocked-address'],
    ['http://[::ffff:127.0.0.1]/', 'blocked-address'],
    ['http://2130706433/', 'blocked-address'],
    ['http://10.0.0.1/', 'blocked-address'],
    ['file:///etc/passwd', 'bad-scheme'],
    ['http://user:pass@example.com/', 'bad-url'],
  ])('refuses a redirect to %s (%s)', async (to, code) => {
    for (const status of [301, 302, 307]) {
      const error = await refusal(`${fixture.base}/redirect?status=${status}&to=${encodeURIComponent(to)}`);
      expect(error.code).toBe(code);
    }
  });

  it('names the metadata address when a redirect points at it', async () => {
    const error = await refusal(`${fixture.base}/redirect?to=${encodeURIComponent('http://169.254.169.254/')}`);
    expect(error.message).toBe(
      'Refused to fetch 169.254.169.254: it is a cloud metadata address, not a public internet address.',
    );
  });

  it('refuses a gzip bomb as too large without inflating it all', async () => {
    const started = performance.now();
    const before = process.memoryUsage().arrayBuffers;
    const error = await refusal(`${fixture.base}/gzip-bomb`);
    expect(error.code).toBe('too-large');
    expect(error.message).toBe('The page is larger than the 3 MB limit (after decompression).');
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(30 * 1024 * 1024);
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it('refuses an endless chunked body as too large', async () => {
    const error = await refusal(`${fixture.base}/endless`);
    expect(error.code).toBe('too-large');
  });

  it('with truncate, returns the first maxBytes of an endless body or a gzip bomb instead of failing (the link checker reads a page\'s start)', async () => {
    const endless = await safeFetch(`${fixture.base}/endless`, opts({ maxBytes: 100_000, truncate: true }));
    expect(endless.status).toBe(200);
    expect(endless.body).toBe('a'.repeat(100_000));
    const bombed = await safeFetch(`${fixture.base}/gzip-bomb`, opts({ maxBytes: 200_000, truncate: true }));
    expect(bombed.body.length).toBe(200_000);
    const whole = await safeFetch(`${fixture.base}/gzip`, opts({ maxBytes: 1_000_000, truncate: true }));
    expect(whole.body).toBe(page);
  });

  it('refuses a content coding it cannot undo while counting', async () => {
    const error = await refusal(`${fixture.base}/unknown-encoding`);
    expect(error.code).toBe('bad-encoding');
    expect(error.message).toContain('x-made-up');
  });

  it('refuses a slow drip at the deadline', async () => {
    const started = performance.now();
    const error = await refusal(`${fixture.base}/drip`, { deadlineMs: 1500 });
    expect(error.code).toBe('timeout');
    expect(error.message).toMatch(/took longer than the 1\.5 s limit/);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1400);
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it('refuses the page of a caller who cancels', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const error = await refusal(`${fixture.base}/drip`, { signal: controller.signal });
    expect(error.code).toBe('aborted');
  });

  it('refuses a DNS name resolving to 127.0.0.1 at connect time (system resolver: localhost)', async () => {
    const error = await refusal('http://localhost/');
    expect(error.code).toBe('blocked-address');
    expect(error.message).toMatch(/^Refused to fetch localhost \((127\.0\.0\.1|::1)\): it is a loopback address/);
  });

  it('refuses a name whose resolver answers 127.0.0.1, and connects to nothing', async () => {
    const asked: string[] = [];
    const error = await refusal('http://shop.example/', {
      resolve: async (hostname) => {
        asked.push(hostname);
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    expect(error.code).toBe('blocked-address');
    expect(error.message).toBe('Refused to fetch shop.example (127.0.0.1): it is a loopback address, not a public internet address.');
    expect(asked).toEqual(['shop.example']);
  });

  it('refuses a name with one public and one private address (every address is checked)', async () => {
    const error = await refusal('https://mixed.example/', {
      resolve: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ],
    });
    expect(error.code).toBe('blocked-address');
    expect(error.message).toContain('10.0.0.5');
  });

  it('refuses a name resolving to the IPv6 metadata address', async () => {
    const error = await refusal('http://meta.example/', { resolve: async () => [{ address: 'fd00:ec2::254', family: 6 }] });
    expect(error.message).toContain('cloud metadata');
  });

  it('refuses a redirect from the allowed host to a name resolving to a private address', async () => {
    const error = await refusal(`${fixture.base}/redirect?to=${encodeURIComponent('http://internal.example/')}`, {
      resolve: async () => [{ address: '192.168.1.1', family: 4 }],
    });
    expect(error.code).toBe('blocked-address');
  });

  it('resolves once and connects to the checked answer, so a rebinding second answer is never used', async () => {
    // First answer public, every later one loopback: a fetcher that checked and then looked up again would reach
    // 127.0.0.1. Here the one checked answer is connected to (it may be unreachable from this machine: a timeout
    // or network error is fine, a blocked-address refusal or a second lookup is not).
    let lookups = 0;
    const outcome = await safeFetch('http://rebind.example/', {
      ...opts({ deadlineMs: 1500 }),
      resolve: async () => {
        lookups += 1;
        return [{ address: lookups === 1 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
      },
    }).then(
      (result) => result.status,
      (error: unknown) => (error instanceof OutboundError ? error.code : error),
    );
    expect(lookups).toBe(1);
    expect(outcome).not.toBe('blocked-address');
    expect(typeof outcome === 'number' || outcome === 'timeout' || outcome === 'network').toBe(true);
  });

  it('reports an unresolvable name as a network error', async () => {
    const error = await refusal('http://nothing.invalid/', {
      resolve: async () => {
        throw Object.assign(new Error('getaddrinfo ENOTFOUND nothing.invalid'), { code: 'ENOTFOUND' });
      },
    });
    expect(error.code).toBe('network');
    expect(error.message).toContain('nothing.invalid');
  });
});
