/** Form values to stored row and back (issue 10, point 4; spec section 3 attributes keys, section 9 defaults). */
import { describe, expect, it } from 'vitest';
import { changedProductFields, updatedSummary } from '../../src/domain/admin/product-audit.ts';
import { detectAffiliatePlatform } from '../../src/domain/admin/affiliate-platform.ts';
import { productInputSchema } from '../../src/domain/admin/product-form.ts';
import { adminProductFromRow, productColumns, productFormFromProduct, type StoredProduct } from '../../src/domain/admin/product-row.ts';

const now = new Date('2025-03-04T10:00:00Z');
const amazonUrl = 'https://www.amazon.com/Foam-Roller/dp/B08N5WRWNW?ref=x';

describe('productColumns for a new product', () => {
  it('stores the defaults: CTA Buy Now, currency USD, unit count 1, date added, the network, ASIN and marketplace from the URL', () => {
    const input = productInputSchema.parse({ name: 'Foam Roller', affiliateUrl: amazonUrl });
    const columns = productColumns(input, detectAffiliatePlatform(amazonUrl), null, now);
    expect(columns).toEqual({
      name: 'Foam Roller',
      description: '',
      price: 0,
      salePrice: null,
      imageUrl: null,
      rating: null,
      availability: true,
      inStock: true,
      affiliateUrl: amazonUrl,
      affiliateSource: 'amazon',
      commissionRate: null,
      specifications: {},
      attributes: {
        currency: 'USD',
        unit_count: 1,
        date_added: '2025-03-04',
        asin: 'B08N5WRWNW',
        marketplace: 'www.amazon.com',
        status: 'active',
        cta: 'Buy Now',
        affiliate_network: 'amazon',
        is_featured: false,
      },
    });
  });

  it('maps every form field', () => {
    const url = 'https://shop.example.com/massage-gun';
    const input = productInputSchema.parse({
      name: 'Massage Gun',
      affiliateUrl: url,
      description: '<p>Quiet</p>',
      price: '129.99',
      salePrice: '99.99',
      imageUrl: 'https://cdn.example.com/gun.jpg',
      galleryImageUrls: ['https://cdn.example.com/1.jpg', ''],
      rating: '4.6',
      categoryId: '7',
      availability: false,
      inStock: false,
      specifications: 'Five heads',
      tags: ['Recovery', 'recovery ', 'Percussion'],
      cta: 'Check Price',
      affiliateNetwork: 'rakuten',
      commissionRate: '8',
      sku: 'RW-MG-1',
      asin: '',
      brand: 'Theragun',
      status: 'draft',
      featured: true,
    });
    const columns = productColumns(input, detectAffiliatePlatform(url), null, now);
    expect(columns).toMatchObject({ price: 129.99, salePrice: 99.99, rating: 4.6, availability: false, inStock: false, commissionRate: 8, affiliateSource: 'generic' });
    expect(columns.specifications).toEqual({ description: 'Five heads' });
    expect(columns.attributes).toEqual({
      currency: 'USD',
      unit_count: 1,
      date_added: '2025-03-04',
      sku: 'RW-MG-1',
      status: 'draft',
      cta: 'Check Price',
      gallery_image_urls: ['https://cdn.example.com/1.jpg'],
      tags: ['Recovery', 'Percussion'],
      affiliate_network: 'rakuten',
      brand: 'Theragun',
      is_featured: true,
    });
  });

  it('uses the retailer the public pages know as affiliate_source', () => {
    const url = 'https://www.target.com/p/x/-/A-1';
    expect(productColumns(productInputSchema.parse({ name: 'x', affiliateUrl: url }), detectAffiliatePlatform(url), null, now).affiliateSource).toBe('target');
  });
});

describe('productColumns over a stored product', () => {
  const stored = {
    currency: 'EUR',
    unit_count: 3,
    date_added: '2024-01-01',
    review_1: 'Great roller',
    product_num_ratings: 1523,
    imported: true,
    sku: 'OLD',
    tags: ['Old'],
    brand: 'Old Brand',
    affiliate_network: 'shareasale',
  };

  it('keeps the keys the form does not edit and removes emptied ones', () => {
    const input = productInputSchema.parse({ name: 'Foam Roller', affiliateUrl: 'https://shop.example.com/x', sku: '', tags: [], brand: 'New Brand' });
    const { attributes } = productColumns(input, detectAffiliatePlatform(input.affiliateUrl), stored, now);
    expect(attributes).toEqual({
      currency: 'EUR',
      unit_count: 3,
      date_added: '2024-01-01',
      review_1: 'Great roller',
      product_num_ratings: 1523,
      imported: true,
      brand: 'New Brand',
      // Blank network keeps what an import stored.
      affiliate_network: 'shareasale',
      status: 'active',
      cta: 'Buy Now',
      is_featured: false,
    });
    expect(stored.sku).toBe('OLD');
  });

  it('clears the needs-review mark: saving from the form is the review', () => {
    const input = productInputSchema.parse({ name: 'Foam Roller', affiliateUrl: 'https://shop.example.com/x' });
    const { attributes } = productColumns(input, detectAffiliatePlatform(input.affiliateUrl), { ...stored, needs_review: 'scrape-failed' }, now);
    expect(attributes).not.toHaveProperty('needs_review');
  });
});

describe('reading a stored product for the editor', () => {
  const row: StoredProduct = {
    id: 5,
    slug: 'foam-roller',
    name: 'Foam Roller',
    affiliateUrl: amazonUrl,
    description: '<p>Dense</p>',
    price: 29.99,
    salePrice: null,
    imageUrl: null,
    rating: 4.5,
    categoryId: 2,
    availability: true,
    inStock: false,
    commissionRate: null,
    specifications: { weight: '1 kg' },
    attributes: { sku: 12345, asin: 'B08N5WRWNW', tags: 'Foam, Recovery', cta: 'View Deal', affiliate_network: 'Amazon', is_featured: 'true', status: 'Published' },
    status: 'published',
    updatedAt: now,
  };

  it('reads attributes as the form shows them', () => {
    const product = adminProductFromRow(row);
    expect(product).toMatchObject({ sku: '12345', asin: 'B08N5WRWNW', tags: ['Foam', 'Recovery'], cta: 'View Deal', affiliateNetwork: 'amazon', featured: true, status: 'published', galleryImageUrls: [] });
    const form = productFormFromProduct(product);
    expect(form).toMatchObject({ price: '29.99', salePrice: '', rating: '4.5', categoryId: '2', galleryImageUrls: [''], commissionRate: '', specifications: '{\n  "weight": "1 kg"\n}', inStock: false });
    // The form as loaded saves back to the same product.
    const again = productColumns(productInputSchema.parse(form), detectAffiliatePlatform(amazonUrl), row.attributes, now);
    expect(again.specifications).toEqual({ weight: '1 kg' });
    expect(again.price).toBe(29.99);
  });

  it('names the changed fields in the audit summary', () => {
    const before = adminProductFromRow(row);
    const after = { ...before, price: 24.99, tags: ['Foam'] };
    expect(changedProductFields(before, after)).toEqual(['price', 'tags']);
    expect(updatedSummary(before, after)).toBe('Updated "Foam Roller" (price, tags)');
    expect(updatedSummary(before, before)).toBe('Saved "Foam Roller" without changes');
  });
});
