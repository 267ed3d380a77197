/**
 * POST /api/contact from the browser. Never throws: the form needs the raw answer for the
 * development debug panel, and a failure description for the toast either way.
 */
import { contactFailureDescription } from '../../domain/contact.ts';

export interface ContactResult {
  ok: boolean;
  /** The HTTP status; 0 when the request never got an answer. */
  status: number;
  /** The parsed JSON body, or null. */
  body: unknown;
}

export async function postContactMessage(fields: Record<string, string>): Promise<ContactResult> {
  try {
    const response = await fetch('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(fields),
      credentials: 'same-origin',
    });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { ok: response.ok, status: response.status, body };
  } catch {
    return { ok: false, status: 0, body: null };
  }
}

/**
 * The error toast's description (spec section 8): 'Error: {message}' with the server's message when
 * it refused the input (4xx), else 'Please try again later or contact us directly.' (no answer, or
 * a server fault whose message would not help the sender).
 */
export function failureDescription(result: ContactResult): string {
  if (result.status < 400 || result.status >= 500) return contactFailureDescription(undefined);
  const description = (result.body as { error?: { description?: unknown } } | null)?.error?.description;
  return contactFailureDescription(typeof description === 'string' ? description : undefined);
}
