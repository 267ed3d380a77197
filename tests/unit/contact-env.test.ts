import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/server/env.ts';
import { mailerConfigFrom } from '../../src/server/mailer.ts';

describe('contact mail settings in the environment', () => {
  it('leave mail unconfigured by default', () => {
    const env = parseEnv({});
    expect(env.SMTP_HOST).toBeUndefined();
    expect(env.SMTP_PORT).toBe(587);
    expect(env.SMTP_SECURE).toBeUndefined();
    expect(mailerConfigFrom(env)).toBeUndefined();
  });

  it('need both SMTP_HOST and CONTACT_TO before mail is sent', () => {
    expect(mailerConfigFrom(parseEnv({ SMTP_HOST: 'smtp.example.com' }))).toBeUndefined();
    expect(mailerConfigFrom(parseEnv({ CONTACT_TO: 'team@example.com' }))).toBeUndefined();
    expect(mailerConfigFrom(parseEnv({ SMTP_HOST: 'smtp.example.com', CONTACT_TO: 'team@example.com' }))).toEqual({
      host: 'smtp.example.com',
      port: 587,
      secure: false,
      auth: undefined,
      to: 'team@example.com',
      from: 'team@example.com',
    });
  });

  it('read port, credentials, TLS and the sending address', () => {
    const env = parseEnv({
      SMTP_HOST: 'smtp.example.com',
      SMTP_PORT: '465',
      SMTP_USER: 'mailer',
      SMTP_PASS: 'secret',
      CONTACT_TO: 'team@example.com',
      CONTACT_FROM: 'site@example.com',
    });
    expect(mailerConfigFrom(env)).toMatchObject({ port: 465, secure: true, auth: { user: 'mailer', pass: 'secret' }, from: 'site@example.com' });
  });

  it('let SMTP_SECURE override the port-based default, in any case', () => {
    const base = { SMTP_HOST: 'h', CONTACT_TO: 'team@example.com' };
    expect(mailerConfigFrom(parseEnv({ ...base, SMTP_PORT: '465', SMTP_SECURE: 'false' }))?.secure).toBe(false);
    expect(mailerConfigFrom(parseEnv({ ...base, SMTP_PORT: '2525', SMTP_SECURE: 'TRUE' }))?.secure).toBe(true);
  });

  it('treat blank values as unset', () => {
    const env = parseEnv({ SMTP_HOST: ' ', SMTP_PORT: '', SMTP_SECURE: '', CONTACT_TO: '' });
    expect(env.SMTP_HOST).toBeUndefined();
    expect(env.SMTP_PORT).toBe(587);
    expect(env.SMTP_SECURE).toBeUndefined();
    expect(env.CONTACT_TO).toBeUndefined();
  });

  it('refuse a bad port, a bad TLS flag and addresses that are not e-mail addresses', () => {
    expect(() => parseEnv({ SMTP_PORT: 'twenty-five' })).toThrow();
    expect(() => parseEnv({ SMTP_PORT: '70000' })).toThrow();
    expect(() => parseEnv({ SMTP_SECURE: 'yes please' })).toThrow();
    expect(() => parseEnv({ CONTACT_TO: 'the team' })).toThrow();
    expect(() => parseEnv({ CONTACT_FROM: 'site' })).toThrow();
  });
});
