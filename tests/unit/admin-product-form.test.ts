/** The product form's rules and shared schema (issue 10, point 4; spec section 5, Manual form). */
import { describe, expect, it } from 'vitest';
import {
  addTag,
  blankProductForm,
  galleryUrls,
  isMissingRequired,
  normalizeTags,
  productInputSchema,
  productTexts,
  productUpdateSchema,
  specificationsFromText,
  specificationsToText,
} from '../../src/domain/admin/product-form.ts';
import { batchEntrySchema } from '../../src/domain/admin/product-batch.ts';

const valid = { name: 'Foam Roller', affiliateUrl: 'https://www.amazon.com/dp/B08N5WRWNW' };
const firstMessage = (input: unknown, schema: typeof productInputSchema | typeof batchEntrySchema = productInputSchema) => {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('specifications text', () => {
  it('stores a JSON object as it is', () => {
    expect(specificationsFromText('{"weight": "2 kg", "length_cm": 45}')).toEqual({ weight: '2 kg', length_cm: 45 });
  });

  it('stores anything else as { description: text }', () => {
    expect(specificationsFromText('  45 cm, high density  ')).toEqual({ description: '45 cm, high density' });
    expect(specificationsFromText('{"weight": ')).toEqual({ description: '{"weight":' });
    expect(specificationsFromText('[1, 2]')).toEqual({ description: '[1, 2]' });
    expect(specificationsFromText('42')).toEqual({ description: '42' });
    expect(specificationsFromText('null')).toEqual({ description: 'null' });
  });

  it('stores a blank field as {}', () => {
    expect(specificationsFromText('   ')).toEqual({});
  });

  it('shows stored specifications as JSON again, {} as an empty field', () => {
    expect(specificationsToText({})).toBe('');
    const text = specificationsToText({ review_1_text: 'Great', total_reviews_fetched: 12 });
    expect(specificationsFromText(text)).toEqual({ review_1_text: 'Great', total_reviews_fetched: 12 });
  });
});

describe('tags', () => {
  it('are trimmed, unique ignoring case, blanks dropped, first spelling kept', () => {
    expect(normalizeTags([' Recovery ', 'recovery', '', '  ', 'Deep  Tissue', 'RECOVERY', 'Foam'])).toEqual(['Recovery', 'Deep Tissue', 'Foam']);
  });

  it('are added one at a time, ignoring duplicates and blanks', () => {
    expect(addTag(['Foam'], '  foam ')).toEqual(['Foam']);
    expect(addTag(['Foam'], ' ')).toEqual(['Foam']);
    expect(addTag(['Foam'], 'Recovery')).toEqual(['Foam', 'Recovery']);
  });

  it('are limited to 20 of at most 40 characters', () => {
    expect(firstMessage({ ...valid, tags: Array.from({ length: 21 }, (_, i) => `tag ${i}`) })).toBe(productTexts.tagsTooMany);
    expect(firstMessage({ ...valid, tags: ['x'.repeat(41)] })).toBe(productTexts.tagTooLong);
    expect(productInputSchema.parse({ ...valid, tags: [...Array.from({ length: 20 }, (_, i) => `tag ${i}`), 'TAG 1'] }).tags).toHaveLength(20);
  });
});

describe('gallery', () => {
  it('drops blank inputs and repeats', () => {
    expect(galleryUrls(['', ' https://cdn.example.com/a.jpg ', '  ', 'https://cdn.example.com/a.jpg', '/images/b.svg'])).toEqual([
      'https://cdn.example.com/a.jpg',
      '/images/b.svg',
    ]);
  });

  it('accepts http(s) and site paths only, at most 8', () => {
    expect(firstMessage({ ...valid, galleryImageUrls: ['javascript:alert(1)'] })).toBe(productTexts.galleryInvalid);
    expect(firstMessage({ ...valid, galleryImageUrls: ['//evil.example/a.jpg'] })).toBe(productTexts.galleryInvalid);
    expect(firstMessage({ ...valid, galleryImageUrls: Array.from({ length: 9 }, (_, i) => `/images/${i}.svg`) })).toBe(productTexts.galleryTooMany);
    expect(productInputSchema.parse({ ...valid, galleryImageUrls: ['', ''] }).galleryImageUrls).toEqual([]);
  });
});

describe('the product input schema', () => {
  it('needs the name and the affiliate URL, with the spec message', () => {
    expect(firstMessage({})).toBe('Please fill in at least the product name and affiliate URL.');
    expect(firstMessage({ name: '  ', affiliateUrl: valid.affiliateUrl })).toBe(productTexts.missingDescription);
    expect(firstMessage({ name: 'Foam Roller', affiliateUrl: '' })).toBe(productTexts.missingDescription);
    expect(firstMessage({}, batchEntrySchema)).toBe('Each product must have at least a name and affiliate URL.');
    expect(isMissingRequired(productTexts.missingDescription)).toBe(true);
    expect(isMissingRequired(productTexts.multiMissingDescription)).toBe(true);
    expect(isMissingRequired(productTexts.price)).toBe(false);
  });

  it.each(['www.amazon.com/dp/B08N5WRWNW', 'javascript:alert(1)', 'ftp://example.com/x', 'https://'])('refuses an affiliate URL that is not http(s): %s', (url) => {
    expect(firstMessage({ ...valid, affiliateUrl: url })).toBe(productTexts.urlInvalid);
  });

  it('fills the defaults of spec section 9 for a minimal product', () => {
    expect(productInputSchema.parse(valid)).toEqual({
      name: 'Foam Roller',
      affiliateUrl: 'https://www.amazon.com/dp/B08N5WRWNW',
      description: '',
      price: null,
      salePrice: null,
      imageUrl: null,
      galleryImageUrls: [],
      rating: null,
      categoryId: null,
      availability: true,
      inStock: true,
      specifications: '',
      tags: [],
      cta: 'Buy Now',
      affiliateNetwork: null,
      commissionRate: null,
      sku: null,
      asin: null,
      brand: null,
      status: 'active',
      featured: false,
    });
  });

  it('takes the form as typed (text numbers, blank fields) and gives what the server stores', () => {
    const parsed = productInputSchema.parse({ ...blankProductForm(), ...valid, price: '19.99', salePrice: ' 14.5 ', rating: '4.7', categoryId: '3', commissionRate: '4.5', asin: 'b08n5wrwnw', cta: '  ' });
    expect(parsed).toMatchObject({ price: 19.99, salePrice: 14.5, rating: 4.7, categoryId: 3, commissionRate: 4.5, asin: 'B08N5WRWNW', cta: 'Buy Now', galleryImageUrls: [] });
    // What the form submits parses to itself again on the server.
    expect(productInputSchema.parse(parsed)).toEqual(parsed);
  });

  it.each([
    [{ price: '-1' }, productTexts.price],
    [{ price: '19.999' }, productTexts.price],
    [{ price: 'abc' }, productTexts.price],
    [{ price: 2_000_000 }, productTexts.price],
    [{ salePrice: '-0.01' }, productTexts.salePrice],
    [{ salePrice: '1.001' }, productTexts.salePrice],
    [{ rating: '0.5' }, productTexts.rating],
    [{ rating: '5.1' }, productTexts.rating],
    [{ rating: '4.25' }, productTexts.rating],
    [{ commissionRate: '101' }, productTexts.commissionRate],
    [{ imageUrl: 'data:image/png;base64,AAAA' }, productTexts.imageInvalid],
    [{ categoryId: 'abc' }, productTexts.categoryInvalid],
    [{ categoryId: 0 }, productTexts.categoryInvalid],
    [{ asin: 'B08N5' }, productTexts.asinInvalid],
    [{ status: 'archived' }, productTexts.statusInvalid],
    [{ affiliateNetwork: 'shareasale' }, productTexts.networkInvalid],
    [{ cta: 'x'.repeat(41) }, productTexts.ctaTooLong],
    [{ name: 'x'.repeat(201) }, productTexts.nameTooLong],
  ])('names the broken rule: %j', (change, message) => {
    expect(firstMessage({ ...valid, ...change })).toBe(message);
  });

  it('accepts the edges: price 0, prices in cents, rating 1 and 5 in tenths', () => {
    expect(productInputSchema.parse({ ...valid, price: 0, salePrice: '0.01', rating: '1' })).toMatchObject({ price: 0, salePrice: 0.01, rating: 1 });
    expect(productInputSchema.parse({ ...valid, price: '1234.56', rating: 5 })).toMatchObject({ price: 1234.56, rating: 5 });
    expect(productInputSchema.parse({ ...valid, price: 0.1 + 0.2 }).price).toBe(0.3);
    expect(productInputSchema.parse({ ...valid, rating: '3.3' }).rating).toBe(3.3);
  });

  it('keeps the slug on update unless asked', () => {
    expect(productUpdateSchema.parse(valid).renameSlug).toBe(false);
    expect(productUpdateSchema.parse({ ...valid, renameSlug: true }).renameSlug).toBe(true);
  });
});
