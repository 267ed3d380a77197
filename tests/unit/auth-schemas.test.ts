import { describe, expect, it } from 'vitest';
import { authMessages, signInSchema, signUpSchema } from '../../src/domain/auth.ts';

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
