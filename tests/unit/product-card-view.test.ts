import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { productCardHtml } from '../../src/components/product-card/product-card-html.ts';
import { ProductCardView } from '../../src/components/product-card/ProductCardView.tsx';
import type { CatalogueProduct } from '../../src/domain/product-card.ts';

const product: CatalogueProduct = {
  id: 42,
  slug: 'massage-gun',
  name: 'Massage Gun',
  price: 100,
  salePrice: 75,
  imageUrl: null,
  rating: 4.6,
  inStock: true,
  category: { name: 'Recovery', slug: 'recovery' },
  createdAt: 0,
  affiliateUrl: 'https://www.amazon.com/dp/B0ABCDEFGH?tag=repwell-20',
  salesVolume: 900,
  numRatings: 12500,
  dealEndsAt: 1_800_000_000_000,
  bestSeller: true,
  // A price checked and fresh (stale only in centuries), so the card shows it.
  priceAsOf: 1_700_000_000_000,
  priceStaleAt: 9_000_000_000_000,
};

const render = (overrides: Partial<CatalogueProduct> = {}, save?: string) =>
  renderToStaticMarkup(createElement(ProductCardView, { product: { ...product, ...overrides }, save: save ? createElement('button', null, save) : undefined }));

describe('the product card', () => {
  it('links its name to the product page and shows the placeholder when there is no image', () => {
    const html = render();
    expect(html).toContain('href="/product/massage-gun"');
    expect(html).toContain('src="/images/placeholder.svg"');
    expect(html).toContain('width="400" height="400"');
  });

  it('shows the rounded sale percentage, the sale price and the struck regular price', () => {
    const html = render();
    expect(html).toMatch(/-25%/);
    expect(html).toContain('$75.00');
    expect(html).toMatch(/<s [^>]*>.*\$100\.00<\/s>/);
  });

  it('shows no sale when the sale price is not below the price', () => {
    const html = render({ salePrice: 100 });
    expect(html).not.toContain('%</span>');
    expect(html).not.toContain('<s ');
  });

  it('shows Popular Choice, the K review count, 4+ Stars and the social-proof tags', () => {
    const html = render();
    expect(html).toContain('Popular Choice');
    expect(html).toContain('(12.5K)');
    expect(html).toContain('4+ Stars');
    expect(html).toContain('Bestseller');
    expect(html).toContain('Highly Rated');
  });

  it('leaves the deal countdown to the browser, with the end time', () => {
    expect(render()).toContain('<deal-countdown data-ends="1800000000000" data-price-fresh=""></deal-countdown>');
    expect(render({ dealEndsAt: undefined })).not.toContain('deal-countdown');
  });

  it('links the call to action to the tagged retailer URL in a new tab, sponsored, with click tracking', () => {
    const html = render({ inStock: false, cta: 'Check on Amazon' });
    expect(html).toContain('Out of Stock');
    expect(html).toMatch(/<a href="https:\/\/www\.amazon\.com\/dp\/B0ABCDEFGH\?tag=repwell-20" target="_blank" rel="sponsored noopener" data-track-click="42"[^>]*>Check on Amazon<\/a>/);
    expect(render()).toContain('>Buy Now</a>');
  });

  it('places the Save control it is given', () => {
    expect(render({}, 'Save')).toContain('<button>Save</button>');
  });

  it("stamps the price with its check time and Amazon's disclaimer, and marks when it goes stale", () => {
    const html = render();
    expect(html).toContain('Price as of 14 Nov 2023, 22:13 UTC');
    expect(html).toContain('title="Product prices and availability are accurate as of the date/time indicated and are subject to change.');
    expect(html).toContain('data-price-stale-at="9000000000000"');
    expect(html).not.toContain('data-price-stale=""');
    // The stale wording is in the card, for the site's CSS to show once the head script marks it stale.
    expect(html).toContain('Check price on Amazon');
  });

  it("once stale, shows 'Check price on {retailer}' with no amount, saving or countdown", () => {
    const html = render({ priceAsOf: undefined, priceStaleAt: undefined });
    expect(html).toContain('data-price-stale=""');
    expect(html).toContain('Check price on Amazon');
    expect(html).not.toContain('$75.00');
    expect(html).not.toContain('$100.00');
    expect(html).not.toMatch(/-25%/);
    expect(html).not.toContain('deal-countdown');
    expect(html).not.toContain('Price as of');
  });

  it("draws a static page's Save button unsaved, in the host its loader hydrates, with no island", () => {
    const html = productCardHtml({ ...product, name: 'Massage Gun "Pro" & Case' }, { eager: true, headingLevel: 'h2' });
    expect(html).toMatch(
      /<span class="contents" data-card-save="" data-await-script="" data-product-id="42" data-product-name="Massage Gun &quot;Pro&quot; &amp; Case"><button type="button" aria-pressed="false" aria-label="Save: Massage Gun &quot;Pro&quot; &amp; Case"[^>]*>.*?<\/button><\/span>/,
    );
    expect(html).not.toContain('astro-island');
    expect(html).toContain('loading="eager"');
    expect(html).toMatch(/<h2 [^>]*><a href="\/product\/massage-gun"/);
    // The same card as the island draws, given the same Save control.
    const save = html.match(/<span class="contents" data-card-save.*?<\/span>/)![0];
    expect(html.replace(save, '')).toBe(
      renderToStaticMarkup(createElement(ProductCardView, { product: { ...product, name: 'Massage Gun "Pro" & Case' }, eager: true, headingLevel: 'h2', save: createElement('i') })).replace('<i></i>', ''),
    );
  });
});
