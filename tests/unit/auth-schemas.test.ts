import { describe, expect, it } from 'vitest';
import { authMessages, passwordMatchesEmail, signInSchema, signUpSchema } from '../../src/domain/auth.ts';
import { isCommonPassword } from '../../src/server/password.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('sign-in input', () => {
  it('requires both e-mail and password', () => {
    expect(firstMessage(signInSchema.safeParse({}))).toBe(authMessages.missingCredentials);
    expect(firstMessage(signInSchema.safeParse({ email: 'a@b.co', password: '' }))).toBe(authMessages.missingCredentials);
  });
  it('trims the e-mail', () => {
    expect(signInSchema.parse({ email: ' a@b.co ', password: 'x' }).email).toBe('a@b.co');
  });
});

describe('sign-up input', () => {
  it('refuses a password shorter than 8 characters', () => {
    expect(firstMessage(signUpSchema.safeParse({ email: 'a@b.co', password: 'short' }))).toBe(authMessages.weakPassword);
  });
  it('refuses an address that is not an e-mail', () => {
    expect(firstMessage(signUpSchema.safeParse({ email: 'nope', password: 'long enough' }))).toBe(authMessages.invalidEmail);
  });
  it('makes a blank display name absent', () => {
    expect(signUpSchema.parse({ email: 'a@b.co', password: 'long enough', displayName: '  ' }).displayName).toBeUndefined();
  });
});

describe('sign-up input a person could not mean', () => {
  const base = { email: 'kim.lee@example.com', password: 'a long password' };
  it('refuses a password that is only spaces', () => {
    expect(firstMessage(signUpSchema.safeParse({ ...base, password: ' '.repeat(12) }))).toBe(authMessages.blankPassword);
  });
  it('refuses the e-mail or its local part as the password, whatever the case', () => {
    expect(firstMessage(signUpSchema.safeParse({ ...base, password: 'KIM.LEE@example.com' }))).toBe(authMessages.passwordIsEmail);
    expect(firstMessage(signUpSchema.safeParse({ ...base, email: 'kimberley@example.com', password: ' Kimberley ' }))).toBe(authMessages.passwordIsEmail);
    expect(passwordMatchesEmail('kim.lee', 'kim.lee@example.com')).toBe(true);
    expect(passwordMatchesEmail('kim.lee!', 'kim.lee@example.com')).toBe(false);
  });
  it('refuses e-mail addresses no mail system takes (RFC 5321 lengths)', () => {
    expect(firstMessage(signUpSchema.safeParse({ ...base, email: `${'a'.repeat(65)}@example.com` }))).toMatch(/before the @ must be at most 64/);
    expect(signUpSchema.safeParse({ ...base, email: `${'a'.repeat(64)}@example.com` }).success).toBe(true);
    const long = `${'a'.repeat(59)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`;
    expect(long).toHaveLength(255);
    expect(firstMessage(signUpSchema.safeParse({ ...base, email: long }))).toBe('Email address must be at most 254 characters.');
    expect(firstMessage(signInSchema.safeParse({ email: long, password: 'x' }))).toBe('Email address must be at most 254 characters.');
  });
  it('refuses a display name with hidden characters, naming the field', () => {
    expect(firstMessage(signUpSchema.safeParse({ ...base, displayName: 'Kim\u0000' }))).toBe('Display name contains invisible control characters. Please remove them.');
    expect(firstMessage(signUpSchema.safeParse({ ...base, displayName: 'Kim\u202E' }))).toMatch(/^Display name contains invisible text-direction/);
    expect(signUpSchema.parse({ ...base, displayName: ' Zoe\u0301 ' }).displayName).toBe('Zo\u00e9');
  });
});

describe('common passwords (server only)', () => {
  it('finds the list’s passwords, ignoring case, and not ordinary phrases', async () => {
    expect(await isCommonPassword('password1')).toBe(true);
    expect(await isCommonPassword('Sunshine')).toBe(true);
    expect(await isCommonPassword('a long password')).toBe(false);
  });
});
