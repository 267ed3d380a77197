/**
 * The contact form's rules (spec sections 2, 3, 4, 5 and 8): the message schema
 * shared by the island and POST /api/contact, the honeypot, the flood limit,
 * the e-mail composed from a message, and the toast texts.
 */
import { z } from 'zod';
import { emailLengthProblem, textField } from './text-input.ts';

export const CONTACT_LIMITS = { name: 80, email: 254, subject: 150, message: 5000 } as const;

/**
 * A field no person sees (visually hidden, aria-hidden, out of the tab order).
 * Form-filling bots fill it; a message that arrives with it filled is dropped.
 */
export const HONEYPOT_FIELD = 'website';

/**
 * Where every 'Suggest a Product for Review' link goes (spec section 2: /contact is also used for it).
 * The topic pre-fills the subject, so the team can sort suggestions from other messages.
 */
export const SUGGEST_PRODUCT_HREF = '/contact?topic=product-suggestion';
export const SUGGEST_PRODUCT_LABEL = 'Suggest a Product for Review';

/** Subjects the form pre-fills for a `?topic=` in the page address; other topics are ignored. */
export const CONTACT_TOPIC_SUBJECTS: Readonly<Record<string, string>> = {
  'product-suggestion': 'Product suggestion: ',
};

export function subjectForTopic(topic: string | null | undefined): string {
  return (topic && Object.hasOwn(CONTACT_TOPIC_SUBJECTS, topic) ? CONTACT_TOPIC_SUBJECTS[topic] : undefined) ?? '';
}

/** At most this many stored messages per client in the window (ARCHITECTURE section 7: floods). */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 10 * 60_000 } as const;

export const contactTexts = {
  sending: 'Sending...',
  submit: 'Send Message',
  success: { title: 'Message sent successfully!', description: "We'll get back to you as soon as possible." },
  failureTitle: 'Failed to send message',
  failureFallback: 'Please try again later or contact us directly.',
  tooMany: (retryAfterSeconds: number) =>
    `You have sent several messages in a short time. Please wait ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute${retryAfterSeconds > 60 ? 's' : ''} and try again.`,
} as const;

/** The error toast's description: 'Error: {message}' when there is one, else the fallback (spec section 8). */
export function contactFailureDescription(message: string | null | undefined): string {
  const text = message?.trim();
  return text ? `Error: ${text}` : contactTexts.failureFallback;
}

/** Normalised, required, limited, and on one line: these values go into e-mail headers (see text-input.ts). */
function singleLine(label: string, max: number) {
  return textField(label, { max });
}

export const contactMessageSchema = z.object({
  firstName: singleLine('First name', CONTACT_LIMITS.name),
  lastName: singleLine('Last name', CONTACT_LIMITS.name),
  // The line-break check runs first so an injection attempt is named as such, not as a bad address.
  email: singleLine('Email', CONTACT_LIMITS.email)
    .superRefine((value, context) => {
      const problem = emailLengthProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem, abort: true });
    })
    .pipe(z.email('Please enter a valid email address.')),
  subject: singleLine('Subject', CONTACT_LIMITS.subject),
  message: textField('Message', { max: CONTACT_LIMITS.message, multiline: true }),
  /** The honeypot: absent or empty from a person. Any type is accepted so a bot learns nothing from a 422. */
  [HONEYPOT_FIELD]: z.unknown().optional(),
});

export type ContactSubmission = z.output<typeof contactMessageSchema>;
export type ContactMessage = Omit<ContactSubmission, typeof HONEYPOT_FIELD>;

/** True when the hidden field carries anything a person could not have typed into a field they cannot see. */
export function isHoneypotFilled(submission: Pick<ContactSubmission, typeof HONEYPOT_FIELD>): boolean {
  const value = submission[HONEYPOT_FIELD];
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || value.trim() !== '';
}

export function withoutHoneypot(submission: ContactSubmission): ContactMessage {
  const { [HONEYPOT_FIELD]: _ignored, ...message } = submission;
  return message;
}

/** What every answer to an accepted submission says, whether it was kept, e-mailed or dropped. */
export const contactReceivedAnswer = { status: 'received' } as const;

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the oldest counted message leaves the window; 0 when allowed. */
  retryAfterSeconds: number;
}

/**
 * The flood rule: a client may store another message while fewer than `max` of its
 * messages fall inside the window ending now.
 * `recent` are the creation times of its messages in the window (any order).
 */
export function contactRateDecision(recent: readonly Date[], now: Date, limit = CONTACT_RATE_LIMIT): RateDecision {
  const windowStart = now.getTime() - limit.windowMs;
  const inWindow = recent.map((date) => date.getTime()).filter((time) => time > windowStart).sort((a, b) => a - b);
  if (inWindow.length < limit.max) return { allowed: true, retryAfterSeconds: 0 };
  // The message that must age out before another fits: the (count - max + 1)-th oldest.
  const blocking = inWindow[inWindow.length - limit.max]!;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((blocking + limit.windowMs - now.getTime()) / 1000)) };
}

export interface ContactEmailAddresses {
  /** Where messages go (CONTACT_TO). */
  to: string;
  /** The site's own sending address (CONTACT_FROM): never the visitor's, which would fail SPF/DMARC and invite spoofing. */
  from: string;
}

export interface ContactEmail {
  from: { name: string; address: string };
  to: string;
  replyTo: { name: string; address: string };
  subject: string;
  text: string;
}

/**
 * The e-mail a stored message becomes. The visitor's address goes only into Reply-To,
 * as a structured address (the mailer encodes it), and the body is plain text.
 */
export function composeContactEmail(message: ContactMessage, addresses: ContactEmailAddresses, receivedAt: Date): ContactEmail {
  const name = `${message.firstName} ${message.lastName}`;
  return {
    from: { name: 'Repwell contact form', address: addresses.from },
    to: addresses.to,
    replyTo: { name, address: message.email },
    subject: `[Repwell contact] ${message.subject}`,
    text: [
      `From: ${name} <${message.email}>`,
      `Subject: ${message.subject}`,
      `Received: ${receivedAt.toISOString()}`,
      '',
      message.message,
      '',
      '--',
      'Sent from the contact form at Repwell. Reply to this e-mail to answer the sender.',
    ].join('\n'),
  };
}
