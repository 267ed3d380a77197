import { describe, expect, it } from 'vitest';
import { displayNameFor, isAppUser, normalizeEmail, roleOf } from '../../src/domain/user.ts';

describe('display name fallback (spec section 3)', () => {
  it('uses the display name given at sign-up', () => {
    expect(displayNameFor({ displayName: 'Sam Lee', email: 'sam@example.com' })).toBe('Sam Lee');
  });
  it('falls back to the part of the e-mail before the @', () => {
    expect(displayNameFor({ displayName: '  ', email: 'sam.lee@example.com' })).toBe('sam.lee');
    expect(displayNameFor({ displayName: null, email: 'sam@example.com' })).toBe('sam');
  });
  it("falls back to 'User' when there is nothing else", () => {
    expect(displayNameFor({})).toBe('User');
    expect(displayNameFor({ email: '@example.com' })).toBe('User');
  });
});

describe('roles', () => {
  it('treats a missing or unknown role as user', () => {
    expect(roleOf(undefined)).toBe('user');
    expect(roleOf('')).toBe('user');
    expect(roleOf('owner')).toBe('user');
    expect(roleOf('admin')).toBe('admin');
  });
});

describe('e-mail addresses', () => {
  it('are compared trimmed and lower-cased', () => {
    expect(normalizeEmail('  Sam@Example.COM ')).toBe('sam@example.com');
  });
});

describe('cached users', () => {
  it('are accepted only when well formed', () => {
    expect(isAppUser({ id: 'u1', email: 'a@b.co', displayName: 'A', role: 'admin' })).toBe(true);
    expect(isAppUser({ id: 'u1', email: 'a@b.co', displayName: 'A', role: 'owner' })).toBe(false);
    expect(isAppUser({ id: 'u1', email: 'a@b.co', role: 'user' })).toBe(false);
    expect(isAppUser(null)).toBe(false);
    expect(isAppUser('user')).toBe(false);
  });
});
