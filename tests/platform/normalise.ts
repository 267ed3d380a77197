/**
 * Answers made comparable across two servers that started from copies of one database: numeric ids match (both ran
 * the same steps), but times, random ids, the server's own origin and freshly made secrets differ, so they are
 * replaced by placeholders.
 * A body that is not JSON is kept as its length and SHA-256: both servers serve the files of one build.
 */
import { createHash } from 'node:crypto';

export interface Recorded {
  step: string;
  status: number;
  contentType: string | null;
  body: unknown;
}

export interface NormaliseOptions {
  /** The server's own origin, which appears in URLs it answers with (a postback URL). */
  origin: string;
  /** Values made by the server that the caller knows (a token it used in the path). */
  secrets?: readonly string[];
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
/** Random ids (a new account's): numeric ids match, as both servers ran the same steps. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Keys whose values a server makes fresh: times, and secrets shown once. */
const TIME_KEY = /(At|Time|Date)$/;
const SECRET_KEYS = new Set(['token', 'secret', 'signingSecret']);

export function normaliseBody(text: string, contentType: string | null, { origin, secrets = [] }: NormaliseOptions): unknown {
  if (text === '') return '';
  if (contentType?.startsWith('application/json')) {
    const parsed: unknown = JSON.parse(text);
    const found = [...secrets, ...secretValues(parsed)];
    return normaliseValue(parsed, undefined, origin, found);
  }
  return { length: Buffer.byteLength(text), sha256: createHash('sha256').update(text).digest('hex').slice(0, 16) };
}

function secretValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(secretValues);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => (SECRET_KEYS.has(key) && typeof item === 'string' ? [item] : secretValues(item)));
}

function normaliseValue(value: unknown, key: string | undefined, origin: string, secrets: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => normaliseValue(item, undefined, origin, secrets));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, normaliseValue(item, name, origin, secrets)]));
  }
  if (key !== undefined && TIME_KEY.test(key) && value !== null) return '<time>';
  if (typeof value !== 'string') return value;
  if (ISO_TIME.test(value)) return '<time>';
  if (UUID.test(value)) return '<uuid>';
  let text = value.split(origin).join('<origin>');
  for (const secret of secrets) if (secret) text = text.split(secret).join('<secret>');
  return text;
}
