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
  /** Public origin of the site, used for canonical links and Origin checks. */
  SITE_URL: z.string().trim().pipe(z.url()).default('http://localhost:8888'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8888),
  AMAZON_ASSOCIATE_TAG: z.string().trim().min(1).default('repwell-20'),
  /** When set, rebuilds are requested from Netlify instead of built locally. */
  NETLIFY_BUILD_HOOK_URL: optionalText.pipe(z.url().optional()),
  /** The demo admin account seeded into an empty database; example.com is reserved, so it reaches nobody. */
  ADMIN_EMAIL: optionalText.pipe(z.email().optional()).transform((email) => email?.toLowerCase() ?? 'admin@example.com'),
  ADMIN_PASSWORD: optionalText,
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
});

export type Env = z.infer<typeof EnvSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  return EnvSchema.parse(source);
}

let cached: Env | undefined;

/** The environment of this process, parsed on first use. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
