import { describe, expect, it } from 'vitest';
import { servedPath } from '../../src/domain/page-path.ts';

describe('the address a built page is served at', () => {
  it('drops the .html of a page built as a file', () => {
    expect(servedPath('/about.html')).toBe('/about');
    expect(servedPath('/product/foam-roller.html')).toBe('/product/foam-roller');
    expect(servedPath('/404.html')).toBe('/404');
    expect(servedPath('/product/index.html')).toBe('/product/index');
  });

  it('serves the home page at /', () => {
    expect(servedPath('/index.html')).toBe('/');
    expect(servedPath('/')).toBe('/');
  });

  it('takes addresses that are already served ones as they are, without a trailing slash', () => {
    expect(servedPath('/products')).toBe('/products');
    expect(servedPath('/products/')).toBe('/products');
    expect(servedPath('/blog/category/beginner')).toBe('/blog/category/beginner');
  });
});
