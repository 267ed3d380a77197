/**
 * The site's response headers as public/_headers gives them, read with Netlify's parser the way
 * the local server reads a build's copy (src/server/local/headers.ts).
 */
import { describe, expect, it } from 'vitest';
import { headerRulesFor, headersForPath } from '../../src/server/local/headers.ts';

const rules = await headerRulesFor(undefined);
const http = (path: string) => headersForPath(rules, path, { secure: false });
const https = (path: string) => headersForPath(rules, path, { secure: true });

describe('the security headers of public/_headers', () => {
  it.each(['/', '/products', '/product/some-item', '/api/auth/session', '/no/such/page', '/_astro/app.js', '/favicon.svg'])('apply to %s', (path) => {
    const headers = http(path);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('keep the header CSP from narrowing what the page policy allows', () => {
    // Both policies are enforced: a script-src, style-src or default-src here would refuse the
    // inline scripts whose hashes only the page's <meta> policy lists.
    const directives = http('/')['content-security-policy']!.split(';').map((directive) => directive.trim().split(/\s+/)[0]);
    expect(directives).toEqual(['frame-ancestors', 'object-src', 'base-uri', 'form-action']);
  });

  it('send Strict-Transport-Security over https only', () => {
    expect(https('/')['strict-transport-security']).toBe('max-age=31536000');
    expect(https('/api/auth/session')['strict-transport-security']).toBe('max-age=31536000');
    expect(http('/')).not.toHaveProperty('strict-transport-security');
  });

  it("cache Astro's fingerprinted assets for good, and nothing else", () => {
    expect(http('/_astro/app.B1c2D3e4.js')['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(http('/products')).not.toHaveProperty('cache-control');
    expect(http('/images/x.png')).not.toHaveProperty('cache-control');
  });

  it('make every cache ask before reusing the current build’s catalogue manifest, which a page reads after a deploy', () => {
    expect(http('/catalogue-data/current.json')['cache-control']).toBe('no-cache');
    // A build's own data files keep the default (revalidate, served by the CDN until the next deploy).
    expect(http('/catalogue-data/k3x9q/recovery.json')).not.toHaveProperty('cache-control');
  });
});

describe('merging rules', () => {
  it('applies every matching rule, a later one overriding an earlier one for the same header', () => {
    const merged = headersForPath(
      [
        { for: '/*', forRegExp: /^\/?(.*)\/?$/iu, values: { 'X-One': 'a', 'X-Two': 'b' } },
        { for: '/blog/*', forRegExp: /^\/blog\/?(.*)\/?$/iu, values: { 'X-Two': 'c' } },
      ],
      '/blog/post',
      { secure: false },
    );
    expect(merged).toEqual({ 'x-one': 'a', 'x-two': 'c' });
  });
});
