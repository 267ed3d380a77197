/**
 * The real functions behind the real local server, on a free port, against a
 * fresh database file. Point DATABASE_URL at the file before any server code reads it.
 */
import { mkdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join, resolve } from 'node:path';
import { silentLogger } from '../../src/server/local/logger.ts';
import { startLocalServer, type LocalServer } from '../../src/server/local/server.ts';
import { createTempDatabase, type TempDatabase } from './temp-db.ts';

export interface LocalApi {
  temp: TempDatabase;
  server: LocalServer;
  close(): Promise<void>;
}

export async function startLocalApi(): Promise<LocalApi> {
  const temp = await createTempDatabase();
  process.env.DATABASE_URL = temp.url;
  const site = join(temp.dir, 'site');
  mkdirSync(site);
  const server = await startLocalServer({ port: 0, site, functionsDir: resolve('netlify/functions'), logger: silentLogger });
  // Functions accept only SITE_URL as an Origin; here the site is this server. env() reads it on the first request.
  const previousSiteUrl = process.env.SITE_URL;
  process.env.SITE_URL = server.url;
  return {
    temp,
    server,
    async close() {
      await server.close();
      if (previousSiteUrl === undefined) delete process.env.SITE_URL;
      else process.env.SITE_URL = previousSiteUrl;
      temp.cleanup();
    },
  };
}

let nextAddress = 1;

/**
 * A loopback address no other client in this process has used yet (127.0.0.2, .3, …): the whole of
 * 127.0.0.0/8 reaches the server, so each simulated client can have its own network address.
 */
export function freshLoopbackAddress(): string {
  nextAddress++;
  return `127.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`;
}

/**
 * fetch() from a chosen local address (fetch itself cannot bind one). Only what the tests send:
 * a method, headers and a string body.
 */
export function fetchFrom(localAddress: string, url: string, init: { method?: string; headers?: Headers; body?: string } = {}): Promise<Response> {
  return new Promise((resolvePromise, reject) => {
    const headers: Record<string, string> = {};
    init.headers?.forEach((value, name) => (headers[name] = value));
    const outgoing = httpRequest(url, { method: init.method ?? 'GET', headers, localAddress }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(incoming.headersDistinct)) for (const item of value ?? []) responseHeaders.append(name, item);
        const status = incoming.statusCode ?? 500;
        const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
        resolvePromise(new Response(body, { status, headers: responseHeaders }));
      });
    });
    outgoing.on('error', reject);
    outgoing.end(init.body);
  });
}

/** A tiny cookie-keeping client: one per simulated browser, optionally with its own network address. */
export class Browser {
  /** Every cookie the server set and did not clear, as `name=value` by name. */
  readonly cookies = new Map<string, string>();
  readonly baseUrl: string;
  readonly address: string | undefined;
  constructor(baseUrl: string, options: { address?: string } = {}) {
    this.baseUrl = baseUrl;
    this.address = options.address;
  }

  /** The Cookie header this browser sends (the session cookie first, for tests that read it). */
  get cookie(): string {
    return [...this.cookies.values()].join('; ');
  }

  set cookie(value: string) {
    this.cookies.clear();
    for (const pair of value.split(';').map((part) => part.trim()).filter(Boolean)) this.cookies.set(pair.split('=')[0]!, pair);
  }

  async fetch(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0 && !headers.has('cookie')) headers.set('cookie', this.cookie);
    if (!headers.has('origin') && init.method && init.method !== 'GET') headers.set('origin', this.baseUrl);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const response = this.address
      ? await fetchFrom(this.address, this.baseUrl + path, { method: init.method ?? 'GET', headers, body: typeof body === 'string' ? body : undefined })
      : await fetch(this.baseUrl + path, { ...init, headers, body, redirect: 'manual' });
    for (const setCookie of response.headers.getSetCookie()) {
      const pair = setCookie.split(';')[0]!;
      const name = pair.split('=')[0]!;
      if (pair.endsWith('=')) this.cookies.delete(name);
      else this.cookies.set(name, pair);
    }
    return response;
  }
}
