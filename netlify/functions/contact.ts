/**
 * POST /api/contact { firstName, lastName, email, subject, message } → 201 { status: 'received' }.
 * 422 with the first problem (missing field, bad address, line break in a header field);
 * 429 with Retry-After when one client sends more than 5 messages in 10 minutes.
 * A filled honeypot gets the same 201 and nothing is kept (see src/server/contact.ts).
 */
import { contactMessageSchema, contactReceivedAnswer, contactTexts } from '../../src/domain/contact.ts';
import { contactMailer, submitContactMessage } from '../../src/server/contact.ts';
import { getDatabase } from '../../src/server/db.ts';
import { env } from '../../src/server/env.ts';
import { clientAddress, guardStateChange, json, jsonError, methodNotAllowed, readJson, requireJson } from '../../src/server/http.ts';

export const config = { path: '/api/contact' };

/** A message of 5,000 characters, each escaped as \uXXXX at worst, plus the other fields. */
const MAX_BODY_BYTES = 40 * 1024;

export default async (request: Request, context?: { ip?: string }): Promise<Response> => {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const refused = guardStateChange(request, { siteUrl: env().SITE_URL }) ?? requireJson(request);
  if (refused) return refused;
  const input = await readJson(request, contactMessageSchema, { title: contactTexts.failureTitle, maxBytes: MAX_BODY_BYTES });
  if (input instanceof Response) return input;

  const outcome = await submitContactMessage(getDatabase(), input, {
    clientAddress: clientAddress(request, context),
    mailer: contactMailer(),
    onEmailError: (error, id) => console.warn(`contact message ${id} stored, e-mail failed: ${error instanceof Error ? error.message : String(error)}`),
  });
  if (outcome.kind === 'rate-limited') {
    return jsonError(429, 'Too many messages', contactTexts.tooMany(outcome.retryAfterSeconds), {
      headers: { 'retry-after': String(outcome.retryAfterSeconds) },
    });
  }
  return json(contactReceivedAnswer, { status: 201 });
};
