/** Add by link's pure rules (issue 11, points 1 and 2): the link check's spec texts, and how a scrape becomes a product. */
import { describe, expect, it } from 'vitest';
import { draftWarning, fromLinkErrorToast, fromLinkRequestSchema, linkProblem, linkStageProgress, linkStages } from '../../src/domain/admin/from-link.ts';
import { fallbackProductInput, fillFromScrape, productInputFromScrape, scrapeAttributes } from '../../src/domain/admin/scraped-product.ts';
import type { ScrapedProduct } from '../../src/domain/admin/scrape/index.ts';

const scraped: ScrapedProduct = {
  name: 'Cork Yoga Block Pair',
  description: 'Firm & grippy <cork>',
  price: 24.5,
  currency: 'EUR',
  imageUrl: 'https://yoga.example/block.jpg',
  rating: 4.6,
  availability: false,
  specifications: { Material: 'Cork' },
  brand: 'Terra',
  sku: 'CORK-2',
  source: 'microdata',
};

describe('linkProblem', () => {
  it.each([undefined, null, '', '   ', 42])('%j is empty: Error / Please enter an affiliate link', (value) => {
    expect(linkProblem(value)).toEqual({ title: 'Error', description: 'Please enter an affiliate link' });
  });

  it.each(['amazon.com/dp/B08N5WRWNW', 'ftp://shop.example/', 'http//shop.example', 'javascript:alert(1)', 'mailto:a@b.c', 'http://'])(
    '%s is no web address: Please enter a valid URL / URL must start with http:// or https://',
    (value) => {
      expect(linkProblem(value)).toEqual({ title: 'Please enter a valid URL', description: 'URL must start with http:// or https://' });
    },
  );

  it.each(['https://www.amazon.com/dp/B08N5WRWNW', ' http://shop.example/item?id=1 ', 'HTTPS://SHOP.EXAMPLE/'])('%s is fine', (value) => {
    expect(linkProblem(value)).toBeNull();
  });

  it('gives the form its message through the shared schema', () => {
    expect(fromLinkRequestSchema.safeParse({ url: '' }).error?.issues[0]?.message).toBe('Please enter an affiliate link');
    expect(fromLinkRequestSchema.safeParse({ url: 'shop.example' }).error?.issues[0]?.message).toBe('Please enter a valid URL');
    expect(fromLinkRequestSchema.parse({ url: ' https://shop.example/a ' })).toEqual({ url: 'https://shop.example/a' });
  });
});

describe('a scrape as a product', () => {
  it('makes an active product with the page fields, the description escaped into a paragraph', () => {
    expect(productInputFromScrape(scraped, 'https://yoga.example/p/1')).toMatchObject({
      name: 'Cork Yoga Block Pair',
      affiliateUrl: 'https://yoga.example/p/1',
      description: '<p>Firm &amp; grippy &lt;cork&gt;</p>',
      price: 24.5,
      imageUrl: 'https://yoga.example/block.jpg',
      rating: 4.6,
      availability: false,
      inStock: false,
      specifications: '{"Material":"Cork"}',
      sku: 'CORK-2',
      brand: 'Terra',
      status: 'active',
    });
  });

  it("makes the spec's fallback: a draft named from the URL path, price 0, no image", () => {
    expect(fallbackProductInput('https://www.amazon.com/TheraGun-Elite-Massage-Gun/dp/B0CRHF7D24')).toMatchObject({
      name: 'TheraGun Elite Massage Gun',
      price: 0,
      imageUrl: null,
      description: '',
      status: 'draft',
    });
  });

  it('marks a fallback as needing review and records the scrape either way', () => {
    const record = { outcome: 'http-status', message: 'The page answered with HTTP status 404.', url: 'https://x.example/', at: '2026-01-01T00:00:00.000Z' };
    expect(scrapeAttributes(record, null)).toEqual({ scrape: record, needs_review: 'scrape-failed' });
    expect(scrapeAttributes({ ...record, outcome: 'microdata' }, scraped)).toEqual({ scrape: { ...record, outcome: 'microdata' }, currency: 'EUR' });
  });
});

describe('fillFromScrape', () => {
  const record = { outcome: 'microdata', url: 'https://yoga.example/p/cork-block', at: '2026-01-01T00:00:00.000Z' };
  const url = 'https://yoga.example/p/cork-block';

  it('fills every empty field, treating the URL-path name and price 0 as empty, and clears the review mark', () => {
    const filled = fillFromScrape(
      { name: 'Cork Block', description: '', price: 0, imageUrl: null, rating: null, specifications: {}, attributes: { needs_review: 'no-title', csvRow: 4 } },
      scraped,
      record,
      url,
    );
    expect(filled).toEqual({
      name: 'Cork Yoga Block Pair',
      description: '<p>Firm &amp; grippy &lt;cork&gt;</p>',
      price: 24.5,
      imageUrl: 'https://yoga.example/block.jpg',
      rating: 4.6,
      specifications: { Material: 'Cork' },
      attributes: { csvRow: 4, scrape: record, brand: 'Terra', sku: 'CORK-2', currency: 'EUR' },
    });
  });

  it('keeps every field the row gave', () => {
    const filled = fillFromScrape(
      {
        name: 'Our Name',
        description: '<p>Ours</p>',
        price: 10,
        imageUrl: '/images/ours.jpg',
        rating: 2,
        specifications: { Material: 'Foam' },
        attributes: { brand: 'Ours', sku: 'S1', currency: 'USD' },
      },
      scraped,
      record,
      url,
    );
    expect(filled).toEqual({ specifications: { Material: 'Foam' }, attributes: { brand: 'Ours', sku: 'S1', currency: 'USD', scrape: record } });
  });
});

describe('fromLinkErrorToast', () => {
  it('names a lost session, keeps the server reason otherwise, and keeps the spec title of a refused link', () => {
    expect(fromLinkErrorToast(401, 'Authentication required', 'Please sign in.')).toEqual({
      title: 'Error processing affiliate link',
      description: 'Authentication error. Please sign in again.',
    });
    expect(fromLinkErrorToast(422, 'Error processing affiliate link', 'Failed to create product: Refused to fetch 10.0.0.1')).toEqual({
      title: 'Error processing affiliate link',
      description: 'Failed to create product: Refused to fetch 10.0.0.1',
    });
    expect(fromLinkErrorToast(500, 'Error processing affiliate link', 'Failed to create affiliate link: The database could not save it. Try again.').description).toBe(
      'Failed to create affiliate link: The database could not save it. Try again.',
    );
    expect(fromLinkErrorToast(422, 'Please enter a valid URL', 'URL must start with http:// or https://')).toEqual({
      title: 'Please enter a valid URL',
      description: 'URL must start with http:// or https://',
    });
    expect(fromLinkErrorToast(0, 'Network error', 'Please check your connection and try again.').title).toBe('Error processing affiliate link');
  });

  it('maps the stages to 0, 33, 66 and 100 percent', () => {
    expect(linkStages.map((stage) => linkStageProgress[stage])).toEqual([0, 33, 66, 100]);
  });
});

describe('draftWarning', () => {
  const amazon = { platform: 'amazon', retailer: 'amazon', productCode: 'B001ARYU58' };

  it('says what could not be read, why, and what the link itself gave', () => {
    const text = draftWarning({ code: 'http-status', message: 'The page answered with HTTP status 503.' }, amazon, '');
    expect(text).toBe(
      'The product page could not be read: the shop answered HTTP 503, which retailers send to refuse automated visits. From the link: Amazon, ASIN B001ARYU58. The name, price, image and description are empty: fill them in the editor before publishing.',
    );
    expect(text).not.toMatch(/Success/);
  });

  it.each([
    ['timeout', 'The page took longer than the 10 s limit.', /did not answer in time/],
    ['network', 'connect ECONNREFUSED', /could not be reached/],
    ['no-name', 'No product name.', /no product data/],
    ['http-status', 'The page answered with HTTP status 404.', /answered HTTP 404\./],
  ] as const)('%s', (code, message, reason) => {
    expect(draftWarning({ code, message }, { platform: 'generic', retailer: null, productCode: null }, 'Steel Mace')).toMatch(reason);
  });

  it('names the name it took from the link', () => {
    expect(draftWarning({ code: 'network', message: '' }, amazon, 'Foam Roller Pro')).toMatch(/The name "Foam Roller Pro" was taken from the link/);
  });
});
