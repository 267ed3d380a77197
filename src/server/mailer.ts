/**
 * Outgoing e-mail over SMTP (nodemailer), configured from env.ts. Used by the contact service and the daily link
 * health digest; absent configuration means "store, do not send".
 */
import { createTransport } from 'nodemailer';
import type { Env } from './env.ts';

/** One plain-text message (a contact message, a digest). */
export interface OutgoingEmail {
  from: { name: string; address: string };
  to: string;
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
}

export interface MailerConfig {
  host: string;
  port: number;
  /** Implicit TLS; false means plain SMTP upgraded with STARTTLS when the server offers it. */
  secure: boolean;
  auth?: { user: string; pass: string };
  to: string;
  from: string;
}

/** A mailer sends one message or throws; the caller decides what a failure means. */
export interface Mailer {
  readonly to: string;
  readonly from: string;
  send(email: OutgoingEmail): Promise<void>;
}

// Netlify stops a synchronous function after its timeout; a hung SMTP server must not take the whole answer with it.
const CONNECTION_TIMEOUT_MS = 5_000;
const GREETING_TIMEOUT_MS = 5_000;
const SOCKET_TIMEOUT_MS = 10_000;

/** The SMTP settings, or undefined when mail is not configured (no SMTP_HOST or no CONTACT_TO). */
export function mailerConfigFrom(settings: Pick<Env, 'SMTP_HOST' | 'SMTP_PORT' | 'SMTP_USER' | 'SMTP_PASS' | 'SMTP_SECURE' | 'CONTACT_TO' | 'CONTACT_FROM'>): MailerConfig | undefined {
  if (!settings.SMTP_HOST || !settings.CONTACT_TO) return undefined;
  return {
    host: settings.SMTP_HOST,
    port: settings.SMTP_PORT,
    secure: settings.SMTP_SECURE ?? settings.SMTP_PORT === 465,
    auth: settings.SMTP_USER ? { user: settings.SMTP_USER, pass: settings.SMTP_PASS ?? '' } : undefined,
    to: settings.CONTACT_TO,
    from: settings.CONTACT_FROM ?? settings.CONTACT_TO,
  };
}

export function createSmtpMailer(config: MailerConfig): Mailer {
  const transport = createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure,
    auth: config.auth,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: GREETING_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
  return {
    to: config.to,
    from: config.from,
    async send(email) {
      await transport.sendMail({
        from: email.from,
        to: email.to,
        replyTo: email.replyTo,
        subject: email.subject,
        text: email.text,
        // Messages are built from visitor text: never let a field be read as a file path or URL to attach.
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    },
  };
}

/**
 * The SMTP settings for mail to the site's admins (the link health digest): SMTP_HOST is enough; the sender is
 * CONTACT_FROM, else CONTACT_TO, else link-health@ the site's host. Undefined when SMTP is not configured.
 */
export function adminMailerConfigFrom(
  settings: Pick<Env, 'SMTP_HOST' | 'SMTP_PORT' | 'SMTP_USER' | 'SMTP_PASS' | 'SMTP_SECURE' | 'CONTACT_TO' | 'CONTACT_FROM' | 'SITE_URL'>,
): MailerConfig | undefined {
  const from = settings.CONTACT_FROM ?? settings.CONTACT_TO ?? `link-health@${new URL(settings.SITE_URL ?? 'http://localhost').hostname}`;
  return mailerConfigFrom({ ...settings, CONTACT_TO: from, CONTACT_FROM: from });
}
