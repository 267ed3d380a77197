/** Netlify-style function routing (config.path, excludedPath, method) as the local server applies it. */
import { describe, expect, it } from 'vitest';
import { createRouter, literalOf, matchFunction, toRoute, type FunctionRoute } from '../../src/server/local/functions.ts';

const handler = () => new Response('ok');
const route = (name: string, config?: Record<string, unknown>): FunctionRoute => toRoute(name, `/fake/${name}.ts`, { default: handler, config });

describe('matchFunction', () => {
  const routes = [
    route('wishlist-item', { path: '/api/wishlist/:productId' }),
    route('wishlist', { path: '/api/wishlist' }),
    route('admin', { path: ['/api/admin/products', '/api/admin/products/:id'], method: ['GET', 'PUT'] }),
    route('catch-all', { path: '/api/files/*', excludedPath: '/api/files/private/*' }),
    route('legacy'),
  ];

  it('extracts named parameters', () => {
    const match = matchFunction(routes, '/api/wishlist/42', 'DELETE');
    expect(match?.route.name).toBe('wishlist-item');
    expect(match?.params).toEqual({ productId: '42' });
  });

  it('matches exact paths and ignores a trailing slash', () => {
    expect(matchFunction(routes, '/api/wishlist', 'GET')?.route.name).toBe('wishlist');
    expect(matchFunction(routes, '/api/wishlist/', 'GET')?.route.name).toBe('wishlist');
  });

  it('does not match deeper paths than the pattern', () => {
    expect(matchFunction(routes, '/api/wishlist/42/extra', 'GET')).toBeUndefined();
  });

  it('matches each path of an array and restricts methods case-insensitively', () => {
    expect(matchFunction(routes, '/api/admin/products/9', 'put')?.params).toEqual({ id: '9' });
    expect(matchFunction(routes, '/api/admin/products', 'GET')?.route.name).toBe('admin');
    expect(matchFunction(routes, '/api/admin/products', 'DELETE')).toBeUndefined();
  });

  it('honours wildcards and excludedPath', () => {
    expect(matchFunction(routes, '/api/files/a/b.txt', 'GET')?.route.name).toBe('catch-all');
    expect(matchFunction(routes, '/api/files/private/key', 'GET')).toBeUndefined();
  });

  it('routes a function without a path to /.netlify/functions/<name>', () => {
    expect(matchFunction(routes, '/.netlify/functions/legacy', 'POST')?.route.name).toBe('legacy');
  });

  it('leaves other paths to the static site', () => {
    expect(matchFunction(routes, '/products/', 'GET')).toBeUndefined();
  });
});

describe('literalOf: the fixed text that lets matchFunction skip a pattern without running it', () => {
  it('is the whole pattern when it has no parameter, wildcard, group or modifier, else the text before the first', () => {
    expect(literalOf('/api/track')).toEqual({ prefix: '/api/track', exact: true });
    expect(literalOf('/api/conversions/:network/:token')).toEqual({ prefix: '/api/conversions/', exact: false });
    expect(literalOf('/api/files/*')).toEqual({ prefix: '/api/files/', exact: false });
    expect(literalOf('/api/{x}?')).toEqual({ prefix: '/api/', exact: false });
    expect(literalOf('/api/(a|b)')).toEqual({ prefix: '/api/', exact: false });
  });

  it('keeps the first matching route in order, whatever its prefix', () => {
    const ordered = [route('any', { path: '/:section/:id' }), route('fixed', { path: '/api/wishlist' })];
    expect(matchFunction(ordered, '/api/wishlist', 'GET')?.route.name).toBe('any');
    expect(matchFunction(ordered, '/api', 'GET')).toBeUndefined();
  });
});

describe('createRouter: matchFunction with the answers for recent paths kept', () => {
  const routes = [route('wishlist-item', { path: '/api/wishlist/:productId' }), route('admin', { path: '/api/admin/products', method: 'GET' })];

  it('answers as matchFunction does, the first time and every time after, by method as well as path', () => {
    const router = createRouter(routes);
    for (let round = 0; round < 3; round++) {
      expect(router('/api/wishlist/42', 'DELETE')).toEqual(matchFunction(routes, '/api/wishlist/42', 'DELETE'));
      expect(router('/api/admin/products', 'GET')?.route.name).toBe('admin');
      expect(router('/api/admin/products', 'post')).toBeUndefined();
      expect(router('/products/', 'GET')).toBeUndefined();
    }
  });

  it('gives each request its own params, so a handler that changes them changes nobody else', () => {
    const router = createRouter(routes);
    const first = router('/api/wishlist/7', 'GET')!;
    first.params.productId = 'changed';
    expect(router('/api/wishlist/7', 'GET')?.params).toEqual({ productId: '7' });
  });

  it('tries the routes once for a path no function serves, and remembers that answer too', () => {
    let tries = 0;
    const counting: FunctionRoute = {
      ...route('counted', { path: '/api/:name' }),
      patterns: [{ exec: () => (tries++, null), test: () => false } as unknown as URLPattern],
      literals: [{ prefix: '/', exact: false }],
    };
    const router = createRouter([counting]);
    expect(router('/products/', 'GET')).toBeUndefined();
    const afterFirst = tries;
    expect(afterFirst).toBeGreaterThan(0);
    expect(router('/products/', 'GET')).toBeUndefined();
    expect(tries).toBe(afterFirst);
  });

  it('forgets the oldest path past its cap and still answers it right', () => {
    const router = createRouter(routes, 2);
    expect(router('/api/wishlist/1', 'GET')?.params).toEqual({ productId: '1' });
    router('/api/wishlist/2', 'GET');
    router('/api/wishlist/3', 'GET');
    expect(router('/api/wishlist/1', 'GET')?.params).toEqual({ productId: '1' });
  });
});

describe('toRoute', () => {
  it('refuses a module without a default handler', () => {
    expect(() => toRoute('broken', '/fake/broken.ts', { config: { path: '/api/x' } })).toThrow(/no default export/);
  });
});
