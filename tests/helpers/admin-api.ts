/**
 * Shared steps of the /api/admin/* integration tests: signed-in browsers per role, and the authorization and
 * request-guard matrix every admin endpoint must pass (issue 10, point 8).
 *
 *   const admin = await signedInAs(api, 'admin');
 *   await expectAdminOnly(api, { method: 'POST', path: '/api/admin/categories', json: { name: 'Yoga' } });
 *   await expectWriteGuards(admin, { method: 'POST', path: '/api/admin/categories', json: { name: 'Yoga' } });
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createUser } from '../../src/server/accounts.ts';
import { Browser, type LocalApi } from './local-api.ts';

export interface AdminCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  json?: unknown;
}

/** A browser signed in as a new account of the role. */
export async function signedInAs(api: LocalApi, role: 'admin' | 'user'): Promise<Browser> {
  const email = `${role}-${randomUUID()}@example.com`;
  const password = `${role} password ${randomUUID()}`;
  await createUser(api.temp.database, { email, password, role });
  const browser = new Browser(api.server.url);
  const response = await browser.fetch('/api/auth/sign-in', { method: 'POST', json: { email, password } });
  expect(response.status, `sign-in as ${role}`).toBe(200);
  return browser;
}

const call = (browser: Browser, request: AdminCall, headers: Record<string, string> = {}) =>
  browser.fetch(request.path, { method: request.method, json: request.json, headers });

/** 401 for a visitor; 403 'Access Denied' for a plain user. Checks the answers only: assert the data is untouched yourself. */
export async function expectAdminOnly(api: LocalApi, request: AdminCall): Promise<void> {
  const visitor = await call(new Browser(api.server.url), request);
  expect(visitor.status, `${request.method} ${request.path} as a visitor`).toBe(401);
  const user = await call(await signedInAs(api, 'user'), request);
  expect(user.status, `${request.method} ${request.path} as a user`).toBe(403);
  expect((await user.json()).error).toEqual({ title: 'Access Denied', description: "You don't have permission to access this page." });
}

/** A write from another site is refused (403), a body that is not JSON is 415, and JSON that does not parse is 400. */
export async function expectWriteGuards(admin: Browser, request: AdminCall): Promise<void> {
  const crossSite = await call(admin, request, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
  expect(crossSite.status, 'cross-site write').toBe(403);
  const form = await admin.fetch(request.path, { method: request.method, body: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(form.status, 'form-encoded body').toBe(415);
  const broken = await admin.fetch(request.path, { method: request.method, body: '{"name":', headers: { 'content-type': 'application/json' } });
  expect(broken.status, 'unparseable JSON').toBe(400);
}
