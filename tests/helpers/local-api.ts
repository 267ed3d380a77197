/**
 * The real functions behind the real local server, on a free port, against a
 * fresh database file. Point DATABASE_URL at the file before any server code reads it.
 */
import { mkdirSync } from 'node:fs';
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
  return {
    temp,
    server,
    async close() {
      await server.close();
      temp.cleanup();
    },
  };
}

/** A tiny cookie-keeping client: one per simulated browser. */
export class Browser {
  cookie = '';
  readonly baseUrl: string;
  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async fetch(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookie && !headers.has('cookie')) headers.set('cookie', this.cookie);
    if (!headers.has('origin') && init.method && init.method !== 'GET') headers.set('origin', this.baseUrl);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const response = await fetch(this.baseUrl + path, { ...init, headers, body, redirect: 'manual' });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) {
      const pair = setCookie.split(';')[0]!;
      this.cookie = pair.endsWith('=') ? '' : pair;
    }
    return response;
  }
}
