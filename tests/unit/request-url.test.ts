import { describe, expect, it } from 'vitest';
import { originFormTarget, requestHref, requestUrl } from '../../src/server/local/request-url.ts';

describe('the URL of an incoming request', () => {
  it('reads a path with its query on the given origin', () => {
    const url = requestUrl('/products?category=fitness', 'http://localhost:8888');
    expect(url.href).toBe('http://localhost:8888/products?category=fitness');
  });

  it('never takes a path that starts with two slashes for a host name', () => {
    expect(requestUrl('//products/', 'http://local').host).toBe('local');
    expect(requestUrl('//products/', 'http://local').pathname).toBe('//products/');
    expect(requestUrl('//evil.example/x', 'http://local').host).toBe('local');
  });

  it('takes only the path and query of an absolute target, never its host, and an empty one as /', () => {
    const url = requestUrl('http://evil.example/about?x=1', 'http://local');
    expect(url.href).toBe('http://local/about?x=1');
    expect(requestUrl(undefined, 'http://local').pathname).toBe('/');
  });
});

describe('the URL of an incoming request as text, for a Request to parse', () => {
  it('is the URL requestUrl parses, for every kind of target', () => {
    for (const target of ['/products?category=fitness', '//products/', 'http://evil.example/about?x=1#top', '', undefined]) {
      expect(requestHref(target, 'http://local')).toBe(requestUrl(target, 'http://local').href);
    }
  });

  it('throws for an absolute target that is no URL, as requestUrl does', () => {
    expect(() => requestHref('http://[::1', 'http://local')).toThrow();
  });
});

describe('the request target the server accepts', () => {
  it('keeps a path (origin form) as it is', () => {
    expect(originFormTarget('/products?category=fitness', 'localhost:8888')).toBe('/products?category=fitness');
    expect(originFormTarget('//products/', 'localhost:8888')).toBe('//products/');
    expect(originFormTarget(undefined, 'localhost:8888')).toBe('/');
  });

  it('reads an absolute target for this host as its path (RFC 9112 asks servers to accept it)', () => {
    expect(originFormTarget('http://localhost:8888/about?ref=x', 'localhost:8888')).toBe('/about?ref=x');
    expect(originFormTarget('http://LOCALHOST:8888/about', 'localhost:8888')).toBe('/about');
  });

  it.each([
    ['*', 'OPTIONS * asks about the server, not a resource'],
    ['http://[::1', 'not a URL'],
    ['http://evil.example/products', 'another host: this server is no proxy'],
    ['http://localhost:9999/products', 'another port'],
    ['ftp://localhost:8888/products', 'not http'],
    ['javascript:alert(1)', 'not http'],
    ['products', 'neither a path nor a URL'],
  ])('refuses %s (%s)', (target) => {
    expect(originFormTarget(target, 'localhost:8888')).toBeUndefined();
  });

  it('refuses an absolute target when the request names no host', () => {
    expect(originFormTarget('http://localhost:8888/about', undefined)).toBeUndefined();
  });
});
