/**
 * The HTTP shape shared by the wishlist and the bookmarks: GET the list, POST
 * one id to add it, DELETE /…/:id to remove it. Each function file configures
 * one of these with its own service and the spec's messages.
 */
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { getDatabase } from './db.ts';
import { env } from './env.ts';
import { guardStateChange, json, jsonError, methodNotAllowed, readJson, requireJson } from './http.ts';
import { requireUser, type Authorised } from './request-user.ts';
import type { AddOutcome } from './wishlist.ts';
import { invalidIdMessage, parseCanonicalId } from '../domain/saved-items-requests.ts';

interface Message {
  title: string;
  description: string;
}

interface SavedItemsMessages {
  authRequired: Message;
  duplicate: Message;
  added: Message;
  removed: Message;
  addFailed: Message;
  removeFailed: Message;
  notFound: Message;
}

export interface SavedItemsConfig<S extends z.ZodType> {
  messages: SavedItemsMessages;
  addSchema: S;
  idOf(input: z.output<S>): number;
  list(database: Database, userId: string): Promise<unknown[]>;
  add(database: Database, userId: string, id: number): Promise<AddOutcome>;
  remove(database: Database, userId: string, id: number): Promise<boolean>;
}

async function authorise(request: Request, messages: SavedItemsMessages): Promise<Authorised> {
  const refused = guardStateChange(request, { siteUrl: env().SITE_URL });
  if (refused) return { response: refused };
  return requireUser(request, messages.authRequired);
}

/** GET → { items }, POST { id } → 201 { added: true } | 409 | 404. */
export function savedItemsCollection<S extends z.ZodType>(config: SavedItemsConfig<S>) {
  return async (request: Request): Promise<Response> => {
    if (request.method !== 'GET' && request.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
    const auth = await authorise(request, config.messages);
    if ('response' in auth) return auth.response;
    const database = getDatabase();
    if (request.method === 'GET') return json({ items: await config.list(database, auth.user.id) });

    const unsupported = requireJson(request);
    if (unsupported) return unsupported;
    const input = await readJson(request, config.addSchema, { title: config.messages.addFailed.title });
    if (input instanceof Response) return input;
    const outcome = await config.add(database, auth.user.id, config.idOf(input));
    if (outcome === 'not-found') return jsonError(404, config.messages.notFound.title, config.messages.notFound.description);
    if (outcome === 'duplicate') return jsonError(409, config.messages.duplicate.title, config.messages.duplicate.description);
    return json({ message: config.messages.added }, { status: 201 });
  };
}

/** DELETE /…/:id → 200 { message } | 404 when it was not in the list. */
export function savedItemsMember<S extends z.ZodType>(config: SavedItemsConfig<S>, param: string) {
  return async (request: Request, context: { params: Record<string, string | undefined> }): Promise<Response> => {
    if (request.method !== 'DELETE') return methodNotAllowed(['DELETE']);
    const auth = await authorise(request, config.messages);
    if ('response' in auth) return auth.response;
    const id = parseCanonicalId(context.params[param]);
    if (id === undefined) return jsonError(400, config.messages.removeFailed.title, invalidIdMessage);
    const removed = await config.remove(getDatabase(), auth.user.id, id);
    if (!removed) return jsonError(404, config.messages.notFound.title, config.messages.notFound.description);
    return json({ message: config.messages.removed });
  };
}
