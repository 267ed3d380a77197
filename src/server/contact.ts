/**
 * Contact messages (POST /api/contact): the flood limit, storage, then e-mail.
 *
 * Order matters: a valid message is stored before any e-mail is attempted, so a
 * failing or missing SMTP server loses nothing; the stored row's email_status then
 * says what happened (sent, failed, not_configured, or pending if the process died
 * mid-send). A filled honeypot is dropped without a trace, and its sender gets the
 * same answer as everyone else, so a bot cannot learn that it was caught.
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, isNotNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';
import {
  CONTACT_RATE_LIMIT,
  composeContactEmail,
  contactRateDecision,
  isHoneypotFilled,
  withoutHoneypot,
  type ContactSubmission,
} from '../domain/contact.ts';
import { clientAddressGroup } from '../domain/client-address.ts';
import { env } from './env.ts';
import { createSmtpMailer, mailerConfigFrom, type Mailer } from './mailer.ts';

export type EmailStatus = 'sent' | 'failed' | 'not_configured';

export type ContactOutcome =
  | { kind: 'stored'; id: number; emailStatus: EmailStatus }
  | { kind: 'dropped' }
  | { kind: 'rate-limited'; retryAfterSeconds: number };

export interface SubmitOptions {
  /** The sender's network address (Netlify's context.ip); only its hash is kept, and only for the window. */
  clientAddress: string;
  /** Undefined when SMTP is not configured: the message is stored with status not_configured. */
  mailer?: Mailer;
  now?: Date;
  /** Told of a failed e-mail (the message is stored regardless). */
  onEmailError?: (error: unknown, messageId: number) => void;
}

/**
 * A one-way hash of the address's client block (clientAddressGroup: one key for every spelling of an IPv4 address and
 * for a whole IPv6 /64). It is kept only while the flood window lasts (see
 * forgetExpiredClientHashes), which matters more than the hash itself: IPv4 space is
 * small enough to hash exhaustively.
 */
export function hashClientAddress(address: string): string {
  return createHash('sha256').update(`repwell-contact\0${clientAddressGroup(address)}`).digest('base64url');
}

export async function submitContactMessage(database: Database, submission: ContactSubmission, options: SubmitOptions): Promise<ContactOutcome> {
  if (isHoneypotFilled(submission)) return { kind: 'dropped' };

  const now = options.now ?? new Date();
  const clientHash = hashClientAddress(options.clientAddress);
  const message = withoutHoneypot(submission);
  const initialStatus = options.mailer ? 'pending' : 'not_configured';

  // Count and insert in one write transaction (BEGIN IMMEDIATE in @libsql/client), so parallel
  // requests from one client cannot all see four earlier messages and all get in.
  const stored = await database.run((db) =>
    db.transaction(async (tx) => {
      const windowStart = new Date(now.getTime() - CONTACT_RATE_LIMIT.windowMs);
      await tx
        .update(contactMessages)
        .set({ clientHash: null })
        .where(and(isNotNull(contactMessages.clientHash), lte(contactMessages.createdAt, windowStart)));
      const recent = await tx
        .select({ createdAt: contactMessages.createdAt })
        .from(contactMessages)
        .where(and(eq(contactMessages.clientHash, clientHash), gt(contactMessages.createdAt, windowStart)));
      const decision = contactRateDecision(
        recent.map((row) => row.createdAt),
        now,
      );
      if (!decision.allowed) return { kind: 'rate-limited', retryAfterSeconds: decision.retryAfterSeconds } as const;
      const row = await tx
        .insert(contactMessages)
        .values({ ...message, emailStatus: initialStatus, clientHash, createdAt: now })
        .returning({ id: contactMessages.id })
        .get();
      return { kind: 'inserted', id: row.id } as const;
    }),
  );
  if (stored.kind === 'rate-limited') return stored;

  if (!options.mailer) return { kind: 'stored', id: stored.id, emailStatus: 'not_configured' };

  let emailStatus: EmailStatus;
  try {
    await options.mailer.send(composeContactEmail(message, options.mailer, now));
    emailStatus = 'sent';
  } catch (error) {
    options.onEmailError?.(error, stored.id);
    emailStatus = 'failed';
  }
  await database.run((db) => db.update(contactMessages).set({ emailStatus }).where(eq(contactMessages.id, stored.id)));
  return { kind: 'stored', id: stored.id, emailStatus };
}

let configuredMailer: Mailer | null | undefined;

/** The SMTP mailer from the environment, or undefined when SMTP_HOST or CONTACT_TO is not set. */
export function contactMailer(): Mailer | undefined {
  if (configuredMailer === undefined) {
    const config = mailerConfigFrom(env());
    configuredMailer = config ? createSmtpMailer(config) : null;
  }
  return configuredMailer ?? undefined;
}
