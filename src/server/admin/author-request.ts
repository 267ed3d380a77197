/**
 * The request and error shapes of /api/admin/authors: a refused field is named beside its message
 * (`{ error: { title, description, field } }`), so the form shows the message under that field.
 */
import { z } from 'zod';
import { authorInputSchema, type AuthorInput } from '../../domain/editorial/author.ts';
import { json, readJson } from '../http.ts';

export function authorError(status: number, title: string, description: string, field?: string): Response {
  return json({ error: { title, description, ...(field ? { field } : {}) } }, { status });
}

/** The author in the body, or the answer: 413/400 from readJson, 422 naming the first refused field. */
export async function readAuthorInput(request: Request, title: string): Promise<AuthorInput | Response> {
  const raw = await readJson(request, z.unknown(), { title });
  if (raw instanceof Response) return raw;
  const parsed = authorInputSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = typeof issue?.path[0] === 'string' ? issue.path[0] : undefined;
  return authorError(422, title, issue?.message ?? 'The request body is not valid.', field);
}
