/** Request shapes and messages of sign-up and sign-in, shared by the functions and the /auth island. */
import { z } from 'zod';

export const MIN_PASSWORD_LENGTH = 8;
// argon2 hashes any length, but an unbounded password is a cheap way to burn server CPU.
export const MAX_PASSWORD_LENGTH = 256;

export const authMessages = {
  missingCredentials: 'You must provide either an email or phone number and a password',
  invalidCredentials: 'Invalid email or password.',
  invalidEmail: 'Please enter a valid email address.',
  weakPassword: `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
  longPassword: `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`,
  emailTaken: 'An account with this email already exists. Sign in instead.',
  throttled: (seconds: number) =>
    `Too many failed sign-in attempts. Please try again in ${seconds < 60 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`}.`,
} as const;

const email = z.string({ error: authMessages.missingCredentials }).trim().min(1, authMessages.missingCredentials).pipe(z.email(authMessages.invalidEmail));

export const signInSchema = z.object({
  email,
  password: z.string({ error: authMessages.missingCredentials }).min(1, authMessages.missingCredentials).max(MAX_PASSWORD_LENGTH, authMessages.invalidCredentials),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = z.object({
  email,
  password: z
    .string({ error: authMessages.missingCredentials })
    .min(1, authMessages.missingCredentials)
    .min(MIN_PASSWORD_LENGTH, authMessages.weakPassword)
    .max(MAX_PASSWORD_LENGTH, authMessages.longPassword),
  displayName: z
    .string()
    .trim()
    .max(80, 'Display name must be at most 80 characters.')
    .optional()
    .transform((value) => value || undefined),
});
export type SignUpInput = z.infer<typeof signUpSchema>;
