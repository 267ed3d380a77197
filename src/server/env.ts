/**
 * Server configuration, read once from the process environment and validated.
 * Functions are bundled outside Vite, so nothing here may use import.meta.env.
 */
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const EnvSchema = z.object({
  DATABASE_URL: z.string().trim().min(1).default('file:data/app.db'),
  DATABASE_AUTH_TOKEN: optionalText,
  /**
   * Public origin of the site, used for canonical links and as the only origin the CSRF guard accepts.
   * Unset, it is this machine's own server (http://localhost:{PORT}), so `PORT=9000 npm start` still accepts its own forms.
   */
  SITE_URL: optionalText.pipe(z.url().optional()),
  PORT: z.coerce.number().int().min(0).max(65535).default(8888),
  AMAZON_ASSOCIATE_TAG: z.string().trim().min(1).default('repwell-20'),
  /** When set, rebuilds are requested from Netlify instead of built locally. */
  NETLIFY_BUILD_HOOK_URL: optionalText.pipe(z.url().optional()),
  /** The demo admin account seeded into an empty database; example.com is reserved, so it reaches nobody. */
  ADMIN_EMAIL: optionalText.pipe(z.email().optional()).transform((email) => email?.toLowerCase() ?? 'admin@example.com'),
  ADMIN_PASSWORD: optionalText,
  /**
   * The root of the server's own keys (device cookies, client-address hashes); at least 32 characters.
   * Unset, the server generates a random one and keeps it in the database (src/server/secrets.ts).
   */
  AUTH_SECRET: optionalText.pipe(z.string().min(32, 'AUTH_SECRET must be at least 32 characters.').optional()),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** Outgoing mail for contact messages; without SMTP_HOST and CONTACT_TO messages are only stored. */
  SMTP_HOST: optionalText,
  SMTP_PORT: optionalText.transform((port) => (port === undefined ? 587 : Number(port))).pipe(z.number().int().min(1).max(65535)),
  SMTP_USER: optionalText,
  SMTP_PASS: optionalText,
  /** Implicit TLS ('true', usually port 465); unset means true only on port 465, else STARTTLS when offered. */
  SMTP_SECURE: optionalText
    .transform((value) => value?.toLowerCase())
    .pipe(z.enum(['true', 'false']).optional())
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  /** Where contact messages are delivered. */
  CONTACT_TO: optionalText.pipe(z.email().optional()),
  /** The site's sending address; defaults to CONTACT_TO. */
  CONTACT_FROM: optionalText.pipe(z.email().optional()),
  /**
   * host:port pairs (comma list) the outbound fetcher may reach despite its port and address rules; for tests and
   * local fixture servers only. Empty by default: every fetched address must be public, on port 80 or 443.
   */
  SCRAPE_ALLOWED_HOSTS: z.string().trim().default(''),
  /**
   * Pinterest's API origin (fixed host, reached with the platform fetch, not the outbound fetcher); tests point it at a
   * fake on localhost.
   */
  PINTEREST_API_BASE: optionalText.pipe(z.url().optional()).transform((url) => (url ?? 'https://api.pinterest.com').replace(/\/+$/, '')),
  /** A Pinterest access token with boards:read, boards:write, pins:read and pins:write. Unset: the CSV route only. */
  PINTEREST_ACCESS_TOKEN: optionalText,
  /** At most this many pins a rolling hour (default 10); the settings screen can override it. */
  PINTEREST_PINS_PER_HOUR: optionalText.transform((value) => (value === undefined ? undefined : Number(value))).pipe(z.number().int().min(1).max(100).optional()),
  /** 'off' stops the local server's publisher timer (tests leave it off unless they ask). */
  PINTEREST_SCHEDULER: optionalText.pipe(z.enum(['on', 'off']).optional()),
  /** `npm start` runs the link checker on a timer unless this is 'off' (issue 13); scripts/server.ts only when 'on'. */
  LINK_HEALTH_SCHEDULER: optionalText.pipe(z.enum(['on', 'off']).optional()),
  /** The local server's hourly Amazon price refresh: on under `npm start` unless 'off', off in scripts/server.ts unless 'on'. */
  PRICE_REFRESH_SCHEDULER: optionalText.pipe(z.enum(['on', 'off']).optional()),
  /**
   * Amazon's Creators API (src/server/amazon/): the credential an Associates account creates in Associates Central
   * (id, secret and its version, e.g. 2.1 or 3.1, which names the region's token endpoint). Without all three, Amazon
   * products are saved as drafts and never scraped.
   */
  AMAZON_CREATORS_CREDENTIAL_ID: optionalText,
  AMAZON_CREATORS_CREDENTIAL_SECRET: optionalText,
  /** Checked by src/server/amazon/config.ts, which reports an unknown version to the admin rather than failing every function. */
  AMAZON_CREATORS_CREDENTIAL_VERSION: optionalText,
  /** The store asked when a link names none (www.amazon.com, www.amazon.co.uk …). */
  AMAZON_CREATORS_MARKETPLACE: optionalText.transform((value) => value ?? 'www.amazon.com'),
  /** The partnerTag GetItems needs; defaults to AMAZON_ASSOCIATE_TAG. */
  AMAZON_CREATORS_PARTNER_TAG: optionalText,
  /** The API's origin and the token endpoint, for tests against a fake; unset, Amazon's own. */
  AMAZON_CREATORS_API_BASE: optionalText.pipe(z.url().optional()),
  AMAZON_CREATORS_TOKEN_URL: optionalText.pipe(z.url().optional()),
  /** Requests a second to the API (default 1, Amazon's starting allowance). */
  AMAZON_CREATORS_REQUESTS_PER_SECOND: optionalText.transform((value) => (value === undefined ? 1 : Number(value))).pipe(z.number().positive().max(50)),
  /** Where uploaded images are kept outside Netlify (src/server/media/store.ts); unset, `media/` beside a file database. */
  MEDIA_DIR: optionalText,
});

const ResolvedEnvSchema = EnvSchema.transform((parsed) => ({ ...parsed, SITE_URL: parsed.SITE_URL ?? `http://localhost:${parsed.PORT}` }));

export type Env = z.infer<typeof ResolvedEnvSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  return ResolvedEnvSchema.parse(source);
}

let cached: Env | undefined;

/** The environment of this process, parsed on first use. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
