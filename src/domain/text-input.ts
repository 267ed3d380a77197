/**
 * Text a person typed, and what a person cannot type (ARCHITECTURE section 7; issue 8, point 5).
 *
 * The policy, one rule for every free-text field (names, subjects, messages):
 * - Normalised silently, because the reader sees the same text either way: Unicode NFC, CR LF and
 *   lone CR become LF, and the edges are trimmed.
 * - Refused, because they hide or disguise what was written and a reader could be misled:
 *   NUL and the other C0/C1 control characters (a single-line field allows none, a message allows
 *   tab and line feed), the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
 *   U+2066–U+2069, the "Trojan Source" characters), and unpaired surrogates (not text at all; a
 *   database or mailer would mangle them). Line and paragraph separators count as line breaks.
 *   Refusing rather than stripping means no one's text is silently changed into something else.
 * Zero-width joiners and the like stay allowed: emoji sequences and several scripts need them.
 */
import { z } from 'zod';

export type TextProblem = 'control' | 'bidi' | 'surrogate' | 'line-break';

export type TextCheck = { ok: true; value: string } | { ok: false; problem: TextProblem };

const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
const LINE_BREAK = /[\n\r\u2028\u2029]/;
// C0 and C1 controls and DEL (Unicode category Cc), less tab and line feed (a message may keep those).
const CONTROL_BUT_TAB_AND_NEWLINE = /(?![\t\n])\p{Cc}/u;

// The same controls, every occurrence, for stripping; carriage return stays too (a stored CR LF is text as written).
const CONTROL_BUT_LINE_BREAKS_AND_TAB = /(?![\t\n\r])\p{Cc}/gu;

/**
 * Imported text (a CSV cell) cannot be sent back for retyping, so the control characters checkText refuses in a form
 * (NUL, ESC, the other C0/C1 controls and DEL) are removed instead; tab and line breaks are kept as written.
 */
export function stripControlCharacters(value: string): string {
  return value.replace(CONTROL_BUT_LINE_BREAKS_AND_TAB, '');
}

/**
 * Normalises `value` or names the first problem that makes it refused. `multiline` allows line breaks
 * and tabs (a message); otherwise neither (names, subjects: they also go into e-mail headers).
 */
export function checkText(value: string, options: { multiline?: boolean } = {}): TextCheck {
  if (!value.isWellFormed()) return { ok: false, problem: 'surrogate' };
  const text = value.replace(/\r\n?/g, '\n').normalize('NFC').trim();
  if (BIDI_CONTROL.test(text)) return { ok: false, problem: 'bidi' };
  if (!options.multiline && (LINE_BREAK.test(text) || text.includes('\t'))) return { ok: false, problem: 'line-break' };
  if (CONTROL_BUT_TAB_AND_NEWLINE.test(text)) return { ok: false, problem: 'control' };
  return { ok: true, value: options.multiline ? text.replace(/[\u2028\u2029]/g, '\n') : text };
}

/** The message for a refused field, naming it. */
export function textProblemMessage(label: string, problem: TextProblem): string {
  switch (problem) {
    case 'surrogate':
      return `${label} contains a broken character (an unpaired surrogate). Please type it again.`;
    case 'bidi':
      return `${label} contains invisible text-direction characters. Please remove them.`;
    case 'line-break':
      return `${label} must be on a single line.`;
    case 'control':
      return `${label} contains invisible control characters. Please remove them.`;
  }
}

/**
 * A zod string for a free-text field: normalised as above, then required (unless `required: false`,
 * which leaves an empty string for the caller to treat as absent) and at most `max` characters.
 * Every problem's message names the field.
 */
export function textField(label: string, options: { max: number; multiline?: boolean; required?: boolean }) {
  const checked = z.string().max(options.max, `${label} must be at most ${options.max} characters.`);
  return z
    .string({ error: `${label} is required.` })
    .transform((value, context) => {
      const checked = checkText(value, options);
      if (checked.ok) return checked.value;
      context.addIssue({ code: 'custom', message: textProblemMessage(label, checked.problem) });
      return z.NEVER;
    })
    .pipe(options.required === false ? checked : checked.min(1, `${label} is required.`));
}

/** RFC 5321 section 4.5.3.1: a mailbox's local part is at most 64 octets, a path at most 256 (254 for the address). */
export const EMAIL_LIMITS = { local: 64, address: 254 } as const;

/** The message for an address too long for any mail system, or undefined when it fits. */
export function emailLengthProblem(address: string, label = 'Email'): string | undefined {
  if (address.length > EMAIL_LIMITS.address) return `${label} address must be at most ${EMAIL_LIMITS.address} characters.`;
  const at = address.lastIndexOf('@');
  if (at > EMAIL_LIMITS.local) return `The part of the ${label.toLowerCase()} address before the @ must be at most ${EMAIL_LIMITS.local} characters.`;
  return undefined;
}
