import { describe, expect, it } from 'vitest';
import { amazonAttributes, amazonDraftInput, fillFromAmazonItem, productInputFromAmazonItem } from '../../src/domain/admin/amazon-product.ts';
import { amazonDraftWarning, amazonItemFromCreators, featuresHtml, getItemsAnswerSchema, type CreatorsItem } from '../../src/domain/amazon-item.ts';

const link = { asin: 'B001ARYU58', marketplace: 'www.amazon.com', canonicalUrl: 'https://www.amazon.com/dp/B001ARYU58' };
const listing = (price: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ price, availability: { type: 'IN_STOCK' }, ...extra });
const usd = (amount: number) => ({ amount, currency: 'USD' });

describe('an item in the product’s terms', () => {
  it('a saving makes the saving basis the price and what it costs now the sale price', () => {
    const item = amazonItemFromCreators({ asin: 'b001aryu58', offersV2: { listings: [listing({ money: usd(379), savingBasis: { money: usd(429) } })] } });
    expect(item).toMatchObject({ asin: 'B001ARYU58', price: 429, salePrice: 379, currency: 'USD', inStock: true });
  });

  it('no saving, or a basis not above the price, is a price alone', () => {
    expect(amazonItemFromCreators({ asin: 'A', offersV2: { listings: [listing({ money: usd(50) })] } })).toMatchObject({ price: 50, salePrice: null });
    expect(amazonItemFromCreators({ asin: 'A', offersV2: { listings: [listing({ money: usd(50), savingBasis: { money: usd(50) } })] } })).toMatchObject({ price: 50, salePrice: null });
  });

  it('reads the Buy Box listing before the others', () => {
    const item: CreatorsItem = { asin: 'A', offersV2: { listings: [listing({ money: usd(80) }), listing({ money: usd(60) }, { isBuyBoxWinner: true })] } };
    expect(amazonItemFromCreators(item).price).toBe(60);
  });

  it.each([
    ['IN_STOCK', true],
    ['IN_STOCK_SCARCE', true],
    ['PREORDER', true],
    ['LEADTIME', true],
    ['OUT_OF_STOCK', false],
    ['UNAVAILABLE', false],
  ])('availability %s → in stock %s', (type, inStock) => {
    expect(amazonItemFromCreators({ asin: 'A', offersV2: { listings: [{ price: { money: usd(1) }, availability: { type } }] } }).inStock).toBe(inStock);
  });

  it('no offer at all is not in stock and has no price', () => {
    expect(amazonItemFromCreators({ asin: 'A' })).toMatchObject({ inStock: false, price: null, currency: null });
  });

  it('keeps text plain, images https only, ratings within 0–5', () => {
    const item = amazonItemFromCreators({
      asin: 'A',
      itemInfo: { title: { displayValue: '  Roller <b>Pro</b>\n2 ' }, features: { displayValues: ['<img src=x onerror=alert(1)>Dense foam', '   '] } },
      images: { primary: { large: { url: 'http://insecure.example/a.jpg' } }, variants: [{ large: { url: 'https://m.media-amazon.com/b.jpg' } }, { large: { url: 'https://m.media-amazon.com/b.jpg' } }] },
      customerReviews: { starRating: { value: 7 } },
    });
    expect(item).toMatchObject({ title: 'Roller Pro 2', features: ['Dense foam'], images: ['https://m.media-amazon.com/b.jpg'], rating: null });
  });

  it('the answer schema refuses wrong types rather than reading half an item', () => {
    expect(getItemsAnswerSchema.safeParse({ itemsResult: { items: [{ asin: 42 }] } }).success).toBe(false);
    expect(getItemsAnswerSchema.safeParse({ errors: [{ code: 'InvalidParameterValue', message: 'x' }] }).success).toBe(true);
  });

  it('features become an escaped list', () => {
    expect(featuresHtml(['a < b & "c"'])).toBe('<ul><li>a &lt; b &amp; &quot;c&quot;</li></ul>');
    expect(featuresHtml([])).toBe('');
  });
});

describe('the product an item makes', () => {
  const item = amazonItemFromCreators({
    asin: 'B001ARYU58',
    itemInfo: { title: { displayValue: 'Dumbbells' }, byLineInfo: { brand: { displayValue: 'BowFlex' } }, features: { displayValues: ['Adjustable'] } },
    images: { primary: { large: { url: 'https://m.media-amazon.com/a.jpg' } } },
    offersV2: { listings: [listing({ money: usd(379), savingBasis: { money: usd(429) } })] },
    customerReviews: { count: 1200, starRating: { value: 4.8 } },
  });

  it('is active with every field Amazon gave', () => {
    expect(productInputFromAmazonItem(item, link)).toMatchObject({
      name: 'Dumbbells',
      brand: 'BowFlex',
      price: 429,
      salePrice: 379,
      imageUrl: 'https://m.media-amazon.com/a.jpg',
      galleryImageUrls: ['https://m.media-amazon.com/a.jpg'],
      rating: 4.8,
      description: '<ul><li>Adjustable</li></ul>',
      affiliateUrl: link.canonicalUrl,
      asin: 'B001ARYU58',
      status: 'active',
    });
    expect(amazonAttributes(link, item)).toEqual({ marketplace: 'www.amazon.com', currency: 'USD', product_num_ratings: 1200 });
  });

  it('without the API is a draft named from the link, never "Amazon", marked for review', () => {
    expect(amazonDraftInput(link, 'https://www.amazon.com/dp/B001ARYU58/ref=sr_1_1')).toMatchObject({ name: '', status: 'draft', price: 0, asin: 'B001ARYU58' });
    expect(amazonDraftInput(link, 'https://www.amazon.com/Foam-Roller/dp/B001ARYU58')).toMatchObject({ name: 'Foam Roller' });
    expect(amazonAttributes(link, null)).toEqual({ marketplace: 'www.amazon.com', needs_review: 'amazon-data' });
    expect(amazonDraftWarning('B001ARYU58', 'www.amazon.co.uk')).toMatch(/Creators API.*ASIN B001ARYU58 \(www\.amazon\.co\.uk\).*Fill in the name, brand, images, price, sale price, availability, rating and features/);
  });

  it('fills only what an import left empty', () => {
    const stored = { name: 'My Title', description: '', price: 0, salePrice: null, imageUrl: 'https://cdn.example/own.jpg', rating: null, inStock: true, attributes: { brand: 'Own', needs_review: 'amazon-data' } };
    const filled = fillFromAmazonItem(stored, item, link, link.canonicalUrl);
    expect(filled).toMatchObject({ description: '<ul><li>Adjustable</li></ul>', price: 429, salePrice: 379, inStock: true, rating: 4.8 });
    expect(filled.name).toBeUndefined();
    expect(filled.imageUrl).toBeUndefined();
    expect(filled.attributes).toMatchObject({ brand: 'Own', asin: 'B001ARYU58', marketplace: 'www.amazon.com', product_num_ratings: 1200 });
    expect(filled.attributes.needs_review).toBeUndefined();
  });
});
