import { describe, expect, it } from 'vitest';
import { productRedirectRules } from '../../src/domain/product-redirects.ts';

describe('productRedirectRules', () => {
  const pages = new Set(['/product/grip-trainer-max', '/product/ab-roller', '/about']);

  it("sends a renamed product's old addresses to its page", () => {
    expect(
      productRedirectRules(
        [
          { oldSlug: 'grip-trainer', slug: 'grip-trainer-max' },
          { oldSlug: 'grip-trainer-plus', slug: 'grip-trainer-max' },
        ],
        pages,
      ),
    ).toEqual(['/product/grip-trainer  /product/grip-trainer-max  301', '/product/grip-trainer-plus  /product/grip-trainer-max  301']);
  });

  it('writes nothing for a product without a page (a draft) or an address that is a page of its own', () => {
    expect(productRedirectRules([{ oldSlug: 'old-draft', slug: 'draft-now' }], pages)).toEqual([]);
    expect(productRedirectRules([{ oldSlug: 'ab-roller', slug: 'grip-trainer-max' }], pages)).toEqual([]);
    expect(productRedirectRules([{ oldSlug: 'grip-trainer-max', slug: 'grip-trainer-max' }], pages)).toEqual([]);
  });
});
