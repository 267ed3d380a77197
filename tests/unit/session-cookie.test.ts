import { describe, expect, it } from 'vitest';
import { blankSessionCookie, readSessionToken, sessionCookie } from '../../src/server/session.ts';

const expires = new Date('2026-12-01T00:00:00Z');

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/ and Secure on https', () => {
    const cookie = sessionCookie('id.secret', expires, 'https://repwell.example/api/auth/sign-in');
    expect(cookie.split('; ')).toEqual(
      expect.arrayContaining(['session=id.secret', 'HttpOnly', 'SameSite=Lax', 'Path=/', 'Secure', `Expires=${expires.toUTCString()}`]),
    );
  });

  it('drops Secure only for plain-http loopback addresses', () => {
    expect(sessionCookie('t', expires, 'http://localhost:8888/x')).not.toContain('Secure');
    expect(sessionCookie('t', expires, 'http://127.0.0.1:4321/x')).not.toContain('Secure');
    expect(sessionCookie('t', expires, 'http://repwell.example/x')).toContain('Secure');
  });

  it('is cleared with an empty value and Max-Age=0', () => {
    const cookie = blankSessionCookie('https://repwell.example/');
    expect(cookie).toMatch(/^session=;/);
    expect(cookie).toContain('Max-Age=0');
  });

  it('is read from the Cookie header among others', () => {
    const request = new Request('http://localhost/', { headers: { cookie: 'theme=dark; session=abc.def; x=1' } });
    expect(readSessionToken(request)).toBe('abc.def');
    expect(readSessionToken(new Request('http://localhost/'))).toBeNull();
  });
});
