import { describe, expect, it } from 'vitest';
import { requestUrl } from '../../src/server/local/request-url.ts';

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

  it('takes an absolute target as it is, and an empty one as /', () => {
    expect(requestUrl('http://localhost:8888/about', 'http://local').pathname).toBe('/about');
    expect(requestUrl(undefined, 'http://local').pathname).toBe('/');
  });
});
