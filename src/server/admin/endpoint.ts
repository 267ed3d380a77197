/**
 * What every admin function does before and after its one service call (ARCHITECTURE section 12):
 *
 *   export default async (request: Request, context: AdminContext) => {
 *     const admin = await authorizeAdmin(request, { write: true });
 *     if ('response' in admin) return admin.response;
 *     const input = await readJson(request, schema, { title: '…' });
 *     if (input instanceof Response) return input;
 *     const saved = await someService(getDatabase(), admin.actor, input);
 *     await afterAdminWrite(context, 'product updated');
 *     return json(saved);
 *   };
 */
import { env } from '../env.ts';
import { guardStateChange, methodNotAllowed, requireJson } from '../http.ts';
import { requestRebuild } from '../rebuild.ts';
import { requireAdmin } from '../request-user.ts';
import type { AuditActor } from './audit.ts';

/** The part of Netlify's Context admin functions use. */
export interface AdminContext {
  params?: Record<string, string | undefined>;
  waitUntil?: (promise: Promise<unknown>) => void;
}

export interface AuthorizeOptions {
  /** Methods the function answers; others get 405. */
  methods: readonly string[];
}

/**
 * 405 for another method, 403 for a cross-site state change, 401 without a session, 403 'Access Denied'
 * for a role but admin, 415 for a write whose body is not JSON; else the admin as an audit actor.
 */
export async function authorizeAdmin(request: Request, options: AuthorizeOptions): Promise<{ actor: AuditActor } | { response: Response }> {
  if (!options.methods.includes(request.method)) return { response: methodNotAllowed(options.methods) };
  const refused = guardStateChange(request, { siteUrl: env().SITE_URL });
  if (refused) return { response: refused };
  const auth = await requireAdmin(request);
  if ('response' in auth) return auth;
  if (hasBody(request.method)) {
    const unsupported = requireJson(request);
    if (unsupported) return { response: unsupported };
  }
  return { actor: { id: auth.user.id, email: auth.user.email } };
}

function hasBody(method: string): boolean {
  return method === 'POST' || method === 'PUT' || method === 'PATCH';
}

/**
 * Requests the (coalesced) rebuild that brings the public site up to date. The request row is written
 * before the answer; with a build hook, the hook call may wait for its coalescing window, so on Netlify
 * it continues after the response through waitUntil.
 */
export async function afterAdminWrite(context: AdminContext | undefined, reason: string): Promise<void> {
  const rebuild = requestRebuild(reason);
  if (context?.waitUntil) context.waitUntil(rebuild);
  else await rebuild;
}

/** A positive integer id from a path parameter, or undefined. */
export function idParam(context: AdminContext | undefined, name = 'id'): number | undefined {
  const raw = context?.params?.[name];
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : undefined;
}
