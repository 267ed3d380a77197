import { describe, expect, it } from 'vitest';
import { attributeBadges } from '../../src/domain/product-display/detail-badges.ts';
import { boughtThisMonth, productHighlights } from '../../src/domain/product-display/highlights.ts';
import { currencyOf, productJsonLd } from '../../src/domain/product-display/json-ld.ts';
import { galleryImages, productTags } from '../../src/domain/product-display/media.ts';
import { deliveryText, quickFacts, savingText } from '../../src/domain/product-display/quick-facts.ts';
import { ratingsCount, reviewExcerpts, reviewQuotes, reviewsFetched } from '../../src/domain/product-display/reviews.ts';
import { shareUrl } from '../../src/domain/product-display/share.ts';
import { specificationEntries } from '../../src/domain/product-display/specifications.ts';

describe('the four highlights, by priority', () => {
  it('orders trusted, bought this month, Amazon’s Choice, Prime eligible', () => {
    expect(productHighlights({ is_prime: true, is_amazon_choice: true, sales_volume: 300, product_num_ratings: 2500 }).map((h) => h.text)).toEqual([
      'Trusted by 2.5K+ customers',
      '300 bought this month',
      "Amazon's Choice",
      'Prime eligible',
    ]);
  });

  it('needs more than 1000 ratings to be trusted and more than 100 sales to show them', () => {
    expect(productHighlights({ product_num_ratings: 1000, sales_volume: 100 })).toEqual([]);
    expect(productHighlights({ product_num_ratings: 1001 }).map((h) => h.text)).toEqual(['Trusted by 1.0K+ customers']);
  });

  it('shows sales as K+ from 1000', () => {
    expect(boughtThisMonth(101)).toBe('101 bought this month');
    expect(boughtThisMonth(2000)).toBe('2.0K+ bought this month');
  });

  it('reads Prime under either spelling', () => {
    expect(productHighlights({ prime_eligible: 'true' }).map((h) => h.key)).toEqual(['prime']);
  });
});

describe('attribute badges', () => {
  it('shows sku, status, network, Best Seller, Amazon’s Choice, Eco-Friendly and the product badge', () => {
    const badges = attributeBadges({
      sku: 'RW-1',
      status: 'active',
      affiliate_network: 'amazon',
      is_best_seller: true,
      is_amazon_choice: true,
      climate_pledge_friendly: true,
      product_badge: 'Deal of the Day',
    });
    expect(badges.map((badge) => badge.label)).toEqual(['SKU: RW-1', 'active', 'amazon', 'Best Seller', "Amazon's Choice", 'Eco-Friendly', 'Deal of the Day']);
  });

  it('highlights only the active status', () => {
    expect(attributeBadges({ status: 'Active' })[0]!.variant).toBe('success');
    expect(attributeBadges({ status: 'draft' })[0]!.variant).toBe('outline');
  });

  it('colours each badge by its meaning: red only for a deal', () => {
    const badges = attributeBadges({
      sku: 'RW-1',
      affiliate_network: 'amazon',
      is_best_seller: true,
      climate_pledge_friendly: true,
      product_badge: 'Overall Pick',
    });
    expect(badges.map((badge) => [badge.label, badge.variant])).toEqual([
      ['SKU: RW-1', 'outline'],
      ['amazon', 'outline'],
      ['Best Seller', 'default'],
      ['Eco-Friendly', 'outline'],
      ['Overall Pick', 'default'],
    ]);
    expect(attributeBadges({ product_badge: 'Deal of the Day' })[0]).toMatchObject({ meaning: 'sale', variant: 'destructive' });
  });

  it('drops a retailer deal badge when the product is out of stock, and keeps the others', () => {
    const attributes = { is_best_seller: true, product_badge: 'Limited time deal' };
    expect(attributeBadges(attributes, { inStock: false }).map((badge) => badge.label)).toEqual(['Best Seller']);
    expect(attributeBadges({ product_badge: 'Top Rated' }, { inStock: false }).map((badge) => badge.label)).toEqual(['Top Rated']);
    expect(attributeBadges(attributes, { inStock: true }).map((badge) => badge.label)).toEqual(['Best Seller', 'Limited time deal']);
  });

  it('shows nothing for false flags or empty text', () => {
    expect(attributeBadges({ is_best_seller: false, sku: ' ', climate_pledge_friendly: 'false' })).toEqual([]);
  });
});

describe('quick facts', () => {
  it('shows the saving in dollars and percent only when sale_price is below price', () => {
    expect(savingText(100, 75)).toBe('Save $25.00 (25%)');
    expect(savingText(100, 100)).toBeNull();
    expect(savingText(100, null)).toBeNull();
  });

  it('lists saving, FSA/HSA, Climate Pledge Friendly and delivery in order', () => {
    const facts = quickFacts(50, 40, { fsa_hsa_eligible: true, climate_pledge_friendly: true, is_prime: true });
    expect(facts.map((fact) => fact.text)).toEqual(['Save $10.00 (20%)', 'FSA/HSA eligible', 'Climate Pledge Friendly', 'Fast, FREE delivery']);
  });

  it('promises neither a saving nor a delivery when the product is out of stock', () => {
    const attributes = { fsa_hsa_eligible: true, delivery_date: '2026-11-28', is_prime: true };
    expect(quickFacts(235, 160, attributes, { inStock: false }).map((fact) => fact.key)).toEqual(['fsa-hsa']);
    expect(quickFacts(235, 160, attributes, { inStock: true }).map((fact) => fact.key)).toEqual(['saving', 'fsa-hsa', 'delivery']);
  });

  it('says Delivery by the delivery_date, on that calendar day in any time zone', () => {
    expect(deliveryText({ delivery_date: '2026-06-03', is_prime: true })).toBe('Delivery by Wednesday, June 3');
  });

  it('says Fast, FREE delivery for Prime, else shows the retailer’s own delivery text', () => {
    expect(deliveryText({ is_prime: true, delivery: 'Standard shipping $5.99' })).toBe('Fast, FREE delivery');
    expect(deliveryText({ delivery: 'Standard shipping $5.99' })).toBe('Standard shipping $5.99');
    expect(deliveryText({})).toBeNull();
  });
});

describe('customer reviews', () => {
  const specifications = {
    total_reviews_fetched: 84,
    review_1_title: 'Easy to set up',
    review_1_text: 'Took an hour.',
    review_1_rating: 5,
    review_2_text: 'Saddle needed replacing.',
    review_2_rating: '4',
  };

  it('takes up to two excerpts with their title and rating', () => {
    expect(reviewExcerpts(specifications)).toEqual([
      { title: 'Easy to set up', text: 'Took an hour.', rating: 5 },
      { title: null, text: 'Saddle needed replacing.', rating: 4 },
    ]);
  });

  it('needs an excerpt’s text and drops impossible ratings', () => {
    expect(reviewExcerpts({ review_1_title: 'Only a title', review_2_text: 'Text', review_2_rating: 9 })).toEqual([
      { title: null, text: 'Text', rating: null },
    ]);
  });

  it('counts total_reviews_fetched', () => {
    expect(reviewsFetched(specifications)).toBe(84);
    expect(reviewsFetched({})).toBeNull();
  });

  it('takes the review quotes from attributes', () => {
    expect(reviewQuotes({ review_1: 'Great.', review_2: '' })).toEqual(['Great.']);
  });

  it('counts ratings from product_num_ratings, else the reviews fetched', () => {
    expect(ratingsCount({ product_num_ratings: '1,234' }, specifications)).toBe(1234);
    expect(ratingsCount({}, specifications)).toBe(84);
    expect(ratingsCount({}, {})).toBeNull();
  });
});

describe('the specifications list', () => {
  it('keeps text entries, without review, url, total_reviews_fetched or asin keys, underscores as spaces', () => {
    const entries = specificationEntries({
      max_user_weight: '270 lb',
      asin: 'B0ABCDEFGH',
      total_reviews_fetched: 10,
      review_1_text: 'x',
      product_url: 'https://example.com',
      ImageURL: 'https://example.com/a.png',
      shipping: { returns: '30-day' },
      weight: 12,
      material: 'Cork',
    });
    expect(entries).toEqual([
      { label: 'max user weight', value: '270 lb' },
      { label: 'material', value: 'Cork' },
    ]);
  });

  it('lists at most ten entries', () => {
    const many = Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`spec_${i}`, `value ${i}`]));
    expect(specificationEntries(many)).toHaveLength(10);
  });
});

describe('product images and tags', () => {
  it('shows up to 8 distinct, safe gallery images', () => {
    const urls = [
      '/a.svg',
      '/a.svg',
      'javascript:alert(1)',
      '//evil.example/x.png',
      ...Array.from({ length: 10 }, (_, i) => `https://cdn.example.com/${i}.jpg`),
    ];
    const images = galleryImages({ gallery_image_urls: urls });
    expect(images).toHaveLength(8);
    expect(images[0]).toBe('/a.svg');
    expect(images).not.toContain('javascript:alert(1)');
    expect(images).not.toContain('//evil.example/x.png');
  });

  it('shows up to 10 tags, from a list or comma-separated text', () => {
    expect(productTags({ tags: Array.from({ length: 12 }, (_, i) => `tag${i}`) })).toHaveLength(10);
    expect(productTags({ tags: 'cycling, cardio ,, cycling' })).toEqual(['cycling', 'cardio']);
  });
});

describe('Product JSON-LD with an Offer', () => {
  const input = {
    name: 'Foam Roller',
    description: 'A roller.',
    url: 'https://repwell.example/product/foam-roller',
    images: ['https://repwell.example/a.svg'],
    price: 40,
    salePrice: 30,
    inStock: false,
    rating: 4.3,
    ratingCount: 120,
    attributes: { sku: 'RW-1', brand: 'Restora' },
  };

  it('offers the price paid, the currency and the availability', () => {
    expect(productJsonLd(input).offers).toMatchObject({
      '@type': 'Offer',
      price: '30.00',
      priceCurrency: 'USD',
      availability: 'https://schema.org/OutOfStock',
    });
    expect(productJsonLd({ ...input, salePrice: null, inStock: true }).offers).toMatchObject({ price: '40.00', availability: 'https://schema.org/InStock' });
  });

  it('includes a rating only with a count', () => {
    expect(productJsonLd(input).aggregateRating).toMatchObject({ ratingValue: 4.3, ratingCount: 120 });
    expect(productJsonLd({ ...input, ratingCount: null }).aggregateRating).toBeUndefined();
  });

  it('takes the currency from attributes when it is a code', () => {
    expect(currencyOf({ currency: 'eur' })).toBe('EUR');
    expect(currencyOf({ currency: 'dollars' })).toBe('USD');
  });
});

describe('share links', () => {
  const page = 'https://repwell.example/product/foam-roller?x=1&y=2';

  it('encodes the page URL for Facebook and LinkedIn', () => {
    expect(shareUrl('facebook', page, 'Foam Roller')).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(page)}`);
    expect(shareUrl('linkedin', page, 'Foam Roller')).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(page)}`);
  });

  it('adds the text for Twitter', () => {
    expect(shareUrl('twitter', page, 'Foam & Roller')).toBe(`https://twitter.com/intent/tweet?url=${encodeURIComponent(page)}&text=Foam%20%26%20Roller`);
  });
});
