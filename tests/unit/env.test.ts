import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/server/env.ts';

describe('server environment', () => {
  it('defaults to the embedded database and port 8888', () => {
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBe('file:data/app.db');
    expect(env.PORT).toBe(8888);
    expect(env.NETLIFY_BUILD_HOOK_URL).toBeUndefined();
  });

  it('treats empty optional values as unset', () => {
    const env = parseEnv({ ADMIN_PASSWORD: '  ', NETLIFY_BUILD_HOOK_URL: '' });
    expect(env.ADMIN_PASSWORD).toBeUndefined();
    expect(env.ADMIN_EMAIL).toBe('admin@example.com');
    expect(env.NETLIFY_BUILD_HOOK_URL).toBeUndefined();
  });

  it('takes the site origin from the port unless SITE_URL is set', () => {
    expect(parseEnv({}).SITE_URL).toBe('http://localhost:8888');
    expect(parseEnv({ PORT: '9000' }).SITE_URL).toBe('http://localhost:9000');
    expect(parseEnv({ PORT: '9000', SITE_URL: 'https://www.repwell.example' }).SITE_URL).toBe('https://www.repwell.example');
    expect(() => parseEnv({ SITE_URL: 'not a url' })).toThrow();
  });

  it('rejects a port that is not a number', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow();
  });
});

describe('admin e-mail', () => {
  it('is lower-cased, and defaults when unset or blank', () => {
    expect(parseEnv({ ADMIN_EMAIL: ' Boss@Example.COM ' }).ADMIN_EMAIL).toBe('boss@example.com');
    expect(parseEnv({ ADMIN_EMAIL: '' }).ADMIN_EMAIL).toBe('admin@example.com');
    expect(() => parseEnv({ ADMIN_EMAIL: 'not-an-email' })).toThrow();
  });
});
