/**
 * The add-by-link scrape's extraction (issue 11, points 2 and 10), one fixture page per source: JSON-LD, microdata,
 * Open Graph only, an Amazon-like page, the page's own title and image, and the acceptance rules (a page under
 * 1000 characters, a name under 5 characters or 'Unknown Product').
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { descriptionHtml, extractProduct, type ScrapedProduct } from '../../src/domain/admin/scrape/index.ts';

const page = (name: string) => readFileSync(resolve(import.meta.dirname, '../fixtures/scrape-pages', name), 'utf8');

function scraped(html: string, url: string): ScrapedProduct {
  const result = extractProduct(html, url);
  if (!result.ok) throw new Error(`no scrape: ${result.message}`);
  return result.product;
}

/** Enough text to pass the 1000-character rule, with no product data in it. */
const filler = '<p>Plain paragraph about training at home.</p>'.repeat(30);

describe('extractProduct: schema.org JSON-LD', () => {
  it('reads the Product inside @graph, above Open Graph, with its Offer, AggregateRating, brand and properties', () => {
    const product = scraped(page('jsonld-product.html'), 'https://shop.example.com/p/massage-gun-pro');
    expect(product).toEqual({
      name: 'PulseFit Recovery Massage Gun Pro',
      description: 'Quiet percussion massager with six heads & a 5-hour battery.',
      price: 1299.99,
      currency: 'USD',
      imageUrl: 'https://shop.example.com/images/massage-gun-main.jpg',
      rating: 4.6,
      availability: true,
      specifications: { Weight: '1.1 kg', Speeds: '5' },
      brand: 'PulseFit',
      sku: 'PF-MG-PRO',
      source: 'json-ld',
    });
  });

  it('reads a top-level array, an AggregateOffer low price and a review rating, and skips broken JSON blocks', () => {
    const json = JSON.stringify([
      { '@type': 'Organization', name: 'Shop' },
      {
        '@type': 'http://schema.org/Product',
        name: 'Kettlebell 16 kg',
        image: { '@type': 'ImageObject', url: 'https://img.example/kb.jpg' },
        offers: { '@type': 'AggregateOffer', lowPrice: 49.5, highPrice: 80, priceCurrency: 'GBP', offerCount: 3 },
        review: [{ '@type': 'Review', reviewRating: { ratingValue: 4 } }],
      },
    ]);
    const html = `<html><head><script type="application/ld+json">{ not json</script><script type="application/ld+json">${json}</script></head><body>${filler}</body></html>`;
    const product = scraped(html, 'https://shop.example/kb');
    expect([product.name, product.price, product.currency, product.imageUrl, product.rating]).toEqual(['Kettlebell 16 kg', 49.5, 'GBP', 'https://img.example/kb.jpg', 4]);
  });

  it('finds a Product under a WebPage mainEntity and a price in priceSpecification', () => {
    const json = JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'ItemPage',
      mainEntity: { '@type': 'Product', name: 'Rowing Machine Air', offers: { '@type': 'Offer', priceSpecification: { price: '899', priceCurrency: 'CAD' }, availability: 'SoldOut' } },
    });
    const product = scraped(`<script type="application/ld+json">${json}</script>${filler}`, 'https://shop.example/row');
    expect([product.name, product.price, product.currency, product.availability]).toEqual(['Rowing Machine Air', 899, 'CAD', false]);
  });
});

describe('extractProduct: microdata', () => {
  it('reads a Product nested as a WebPage mainEntity: text, meta, span content, img, link, and a 10-point rating scaled to 5', () => {
    const product = scraped(page('microdata-product.html'), 'https://yoga.example/blocks/cork');
    expect(product).toEqual({
      name: 'Cork Yoga Block Pair',
      description: 'Natural cork blocks, firm and grippy, sold as a pair.',
      price: 24.5,
      currency: 'EUR',
      imageUrl: 'https://yoga.example/img/cork-block.jpg',
      rating: 4.6,
      availability: false,
      specifications: {},
      brand: 'Terra Yoga',
      sku: 'CORK-2',
      source: 'microdata',
    });
  });
});

describe('extractProduct: Open Graph and product meta tags', () => {
  it('reads og: and product: tags, with a European price and a protocol-relative image', () => {
    const product = scraped(page('opengraph-product.html'), 'https://irondenshop.example/dumbbell-25');
    expect(product).toEqual({
      name: 'Iron Den Adjustable Dumbbell 25 kg',
      description: 'Dial from 2.5 to 25 kg in one hand.',
      price: 1299,
      currency: 'EUR',
      imageUrl: 'https://cdn.irondenshop.example/dumbbell.jpg',
      rating: null,
      availability: true,
      specifications: {},
      brand: 'Iron Den',
      sku: null,
      source: 'meta',
    });
  });
});

describe('extractProduct: Amazon-like pages', () => {
  it('reads #productTitle, the a-price, data-old-hires, the star text, bullets cut to 500, availability, byline and details', () => {
    const product = scraped(page('amazon-product.html'), 'https://www.amazon.com/TheraGun-Elite/dp/B0CRHF7D24');
    expect(product.name).toBe('TheraGun Elite Massage Gun');
    expect(product.source).toBe('amazon');
    expect(product.price).toBe(1199);
    expect(product.currency).toBe('USD');
    expect(product.imageUrl).toBe('https://m.media-amazon.com/images/I/71theragun._AC_SL1500_.jpg');
    expect(product.rating).toBe(4.7);
    expect(product.availability).toBe(true);
    expect(product.brand).toBe('TheraGun');
    expect(product.specifications).toEqual({ 'Item Weight': '2.2 Pounds', Color: 'Black' });
    expect(product.description.startsWith('Feature 1: deep-tissue percussion')).toBe(true);
    expect(product.description.length).toBeLessThanOrEqual(500);
    expect(product.description.length).toBeGreaterThan(400);
    expect(product.description.endsWith('…')).toBe(true);
  });

  it('knows an Amazon page by its DOM on another host, and reads a price split into whole and fraction', () => {
    const html = page('amazon-product.html').replace('<span class="a-offscreen">$1,199.00</span>', '');
    const product = scraped(html, 'https://saved-pages.example/theragun.html');
    expect([product.source, product.price]).toEqual(['amazon', 1199]);
  });

  it('takes the widest data-a-dynamic-image when there is no data-old-hires', () => {
    const html = page('amazon-product.html').replace(/data-old-hires="[^"]*"/, '');
    expect(scraped(html, 'https://www.amazon.com/dp/B0CRHF7D24').imageUrl).toBe('https://m.media-amazon.com/images/I/71theragun._AC_SX300_.jpg');
  });
});

describe('extractProduct: the page itself', () => {
  it('falls back to the <title> and the main image, skipping the logo and a tracking pixel', () => {
    const product = scraped(page('title-only.html'), 'https://boards.example/balance');
    expect([product.name, product.imageUrl, product.price, product.source]).toEqual(['Balance Board for Standing Desks', 'https://boards.example/images/balance-board.jpg', null, 'page']);
  });
});

describe('extractProduct: acceptance rules', () => {
  it('refuses a page under 1000 characters, even with good metadata', () => {
    const html = page('short-page.html');
    expect(html.length).toBeLessThan(1000);
    expect(extractProduct(html, 'https://shop.example/bands')).toEqual({
      ok: false,
      reason: 'page-too-short',
      message: 'The page has fewer than 1000 characters, so it holds no product to read.',
    });
  });

  it('accepts a page of exactly 1000 characters', () => {
    const head = '<title>Exactly Long Enough</title>';
    const html = head + 'x'.repeat(1000 - head.length);
    expect(extractProduct(html, 'https://shop.example/').ok).toBe(true);
  });

  it("refuses 'Unknown Product' and names under 5 characters", () => {
    expect(extractProduct(page('unknown-product.html'), 'https://shop.example/x')).toMatchObject({ ok: false, reason: 'no-name' });
    expect(extractProduct(`<title>Mat</title>${filler}`, 'https://shop.example/x')).toMatchObject({ ok: false, reason: 'no-name' });
    expect(extractProduct(`<title>  unknown product </title>${filler}`, 'https://shop.example/x')).toMatchObject({ ok: false, reason: 'no-name' });
  });

  it('skips a too-short JSON-LD name for the next source that has a real one', () => {
    const html = `<script type="application/ld+json">{"@type":"Product","name":"Mat"}</script><meta property="og:title" content="Travel Yoga Mat">${filler}`;
    expect(scraped(html, 'https://shop.example/mat').name).toBe('Travel Yoga Mat');
  });

  it('cuts long names to 200 characters and long descriptions of other shops to 5000', () => {
    const html = `<meta property="og:title" content="${'N'.repeat(300)}"><meta property="og:description" content="${'word '.repeat(2000)}">${filler}`;
    const product = scraped(html, 'https://shop.example/long');
    expect(product.name).toHaveLength(200);
    expect(product.description.length).toBeLessThanOrEqual(5000);
  });

  it('never keeps markup: script in a JSON-LD description is dropped as text, and the stored HTML is escaped', () => {
    // As sites publish it: '<' escaped inside the script element, so the JSON's own </script> does not end it.
    const json = JSON.stringify({ '@type': 'Product', name: 'Safe Product Name', description: 'Good <script>alert(1)</script><img src=x onerror=alert(2)> "quoted"' }).replace(/</g, '\\u003c');
    const product = scraped(`<script type="application/ld+json">${json}</script>${filler}`, 'https://shop.example/safe');
    expect(product.description).toBe('Good "quoted"');
    expect(descriptionHtml('a < b & "c"')).toBe('<p>a &lt; b &amp; &quot;c&quot;</p>');
    expect(descriptionHtml('  ')).toBe('');
  });

  it('ignores javascript: and data: images', () => {
    const html = `<meta property="og:title" content="Image Test Product"><meta property="og:image" content="javascript:alert(1)"><link rel="image_src" href="data:image/png;base64,AAAA">${filler}`;
    expect(scraped(html, 'https://shop.example/img').imageUrl).toBeNull();
  });
});
