/**
 * Request shapes and messages of sign-up and sign-in. The /auth island takes only the numbers, from
 * auth-limits.ts, so zod stays out of its bundle. The common-password check needs a 49,000-word list,
 * so it runs on the server only (isCommonPassword in src/server/password.ts), after these schemas.
 */
import { z } from 'zod';
import { emailLengthProblem, textField } from './text-input.ts';
import { waitMessage } from './rate-limit.ts';
import { MAX_DISPLAY_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './auth-limits.ts';

export { MAX_DISPLAY_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH };

export const authMessages = {
  missingCredentials: 'You must provide either an email or phone number and a password',
  invalidCredentials: 'Invalid email or password.',
  invalidEmail: 'Please enter a valid email address.',
  weakPassword: `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
  longPassword: `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`,
  blankPassword: 'Password must contain more than spaces.',
  passwordIsEmail: 'Password must not be your email address or the part of it before the @.',
  commonPassword: 'Password is one of the most common passwords and easy to guess. Please choose another.',
  emailTaken: 'An account with this email already exists. Sign in instead.',
  throttled: (seconds: number) => `Too many failed sign-in attempts. Please try again in ${waitMessage(seconds)}.`,
  tooManySignIns: (seconds: number) => `Too many sign-in attempts from your network. Please try again in ${waitMessage(seconds)}.`,
  tooManySignUps: (seconds: number) => `Too many accounts were created from your network. Please try again in ${waitMessage(seconds)}.`,
} as const;

const email = z
  .string({ error: authMessages.missingCredentials })
  .trim()
  .min(1, authMessages.missingCredentials)
  .superRefine((value, context) => {
    const problem = emailLengthProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem, abort: true });
  })
  .pipe(z.email(authMessages.invalidEmail));

export const signInSchema = z.object({
  email,
  password: z.string({ error: authMessages.missingCredentials }).min(1, authMessages.missingCredentials).max(MAX_PASSWORD_LENGTH, authMessages.invalidCredentials),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** True when the password is the e-mail address or its local part, ignoring case and surrounding spaces. */
export function passwordMatchesEmail(password: string, address: string): boolean {
  const candidate = password.trim().toLowerCase();
  const normalised = address.trim().toLowerCase();
  return candidate === normalised || candidate === normalised.slice(0, normalised.lastIndexOf('@'));
}

export const signUpSchema = z
  .object({
    email,
    password: z
      .string({ error: authMessages.missingCredentials })
      .min(1, authMessages.missingCredentials)
      .refine((value) => value.trim() !== '', authMessages.blankPassword)
      .pipe(z.string().min(MIN_PASSWORD_LENGTH, authMessages.weakPassword).max(MAX_PASSWORD_LENGTH, authMessages.longPassword)),
    displayName: textField('Display name', { max: MAX_DISPLAY_NAME_LENGTH, required: false })
      .optional()
      .transform((value) => value || undefined),
  })
  .superRefine((input, context) => {
    if (passwordMatchesEmail(input.password, input.email)) context.addIssue({ code: 'custom', path: ['password'], message: authMessages.passwordIsEmail });
  });
export type SignUpInput = z.infer<typeof signUpSchema>;
