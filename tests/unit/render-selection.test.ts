import { describe, expect, it } from 'vitest';
import { PRODUCT_PAGE_COMPONENT, selects } from '../../src/integrations/render-only.ts';

const OTHER = 'src/pages/products/index.astro';

describe('which pages a partial build renders', () => {
  it('picks product pages by slug, and every other page or none', () => {
    const selection = { products: ['foam-roller'], everyOtherPage: false };
    expect(selects(selection, '/product/foam-roller', PRODUCT_PAGE_COMPONENT)).toBe(true);
    expect(selects(selection, '/product/yoga-mat', PRODUCT_PAGE_COMPONENT)).toBe(false);
    expect(selects(selection, '/products', OTHER)).toBe(false);
    expect(selects({ ...selection, everyOtherPage: true }, '/products', OTHER)).toBe(true);
  });

  it('renders every page when data every page shows changed', () => {
    const selection = { products: [], everyOtherPage: true, everyPage: true };
    expect(selects(selection, '/product/yoga-mat', PRODUCT_PAGE_COMPONENT)).toBe(true);
    expect(selects(selection, '/products', OTHER)).toBe(true);
  });
});
