/** Issue 9, points 3 and 6: nothing is offered that cannot be bought; one badge colour, one meaning. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProductCardView } from '../../src/components/product-card/ProductCardView.tsx';
import { cardOffer, type CatalogueProduct } from '../../src/domain/product-card.ts';
import { BADGE_VARIANTS, badgeVariant, type BadgeMeaning } from '../../src/domain/product-display/badge-meaning.ts';
import { dealApplies, isDealWording, mayPromiseDelivery, mayShowUrgency, presentedSalePrice } from '../../src/domain/product-display/offer.ts';
import { isPromotable } from '../../src/domain/product.ts';

const product: CatalogueProduct = {
  id: 9,
  slug: 'heating-pad',
  name: 'Heating Pad',
  price: 500,
  salePrice: 340,
  imageUrl: null,
  rating: 4.7,
  inStock: true,
  category: null,
  createdAt: 0,
  affiliateUrl: 'https://www.walmart.com/ip/1',
  salesVolume: 900,
  dealEndsAt: 1_800_000_000_000,
  bestSeller: true,
  // A price checked and fresh (stale only in centuries), so the card shows it.
  priceAsOf: 1_700_000_000_000,
  priceStaleAt: 9_000_000_000_000,
  limitedStock: true,
};

describe('a deal applies only to what can be bought', () => {
  it('needs stock and a sale price below the price', () => {
    expect(dealApplies({ inStock: true, price: 500, salePrice: 340 })).toBe(true);
    expect(dealApplies({ inStock: false, price: 500, salePrice: 340 })).toBe(false);
    expect(dealApplies({ inStock: true, price: 500, salePrice: 500 })).toBe(false);
    expect(dealApplies({ inStock: true, price: 500, salePrice: null })).toBe(false);
  });

  it('presents the sale price only during a deal', () => {
    expect(presentedSalePrice({ inStock: true, price: 500, salePrice: 340 })).toBe(340);
    expect(presentedSalePrice({ inStock: false, price: 500, salePrice: 340 })).toBeNull();
  });

  it('promises delivery and shows urgency only in stock', () => {
    expect([mayPromiseDelivery(true), mayPromiseDelivery(false)]).toEqual([true, false]);
    expect([mayShowUrgency(true), mayShowUrgency(false)]).toEqual([true, false]);
  });

  it('recognises a retailer badge that advertises a deal', () => {
    for (const text of ['Limited time deal', 'Deal of the Day', 'On Sale', 'Save 20%']) expect(isDealWording(text), text).toBe(true);
    for (const text of ['Best Seller', 'Overall Pick', 'New Release', 'Top Rated']) expect(isDealWording(text), text).toBe(false);
  });
});

describe('strips that promote products', () => {
  it('take listed, in-stock products only', () => {
    expect(isPromotable({ availability: true, inStock: true })).toBe(true);
    expect(isPromotable({ availability: true, inStock: false })).toBe(false);
    expect(isPromotable({ availability: false, inStock: true })).toBe(false);
  });
});

describe("a card's offer", () => {
  it('in stock: the sale, the countdown, Popular Choice and Limited Stock', () => {
    const offer = cardOffer(product);
    expect(offer).toMatchObject({ salePrice: 340, percentOff: 32, popularChoice: true, dealEndsAt: 1_800_000_000_000 });
    expect(offer.socialProof.map((tag) => tag.key)).toEqual(['best-seller', 'highly-rated', 'limited-stock']);
  });

  it('out of stock: the price alone, no countdown and no urgency, the earned tags kept', () => {
    const offer = cardOffer({ ...product, inStock: false });
    expect(offer).toMatchObject({ salePrice: null, percentOff: 0, popularChoice: false, dealEndsAt: undefined });
    expect(offer.socialProof.map((tag) => tag.key)).toEqual(['best-seller', 'highly-rated']);
  });

  it('shows no countdown without a sale', () => {
    expect(cardOffer({ ...product, salePrice: null }).dealEndsAt).toBeUndefined();
  });

  it('renders an out-of-stock card without a saving, a struck price, a countdown or urgency', () => {
    const html = renderToStaticMarkup(createElement(ProductCardView, { product: { ...product, inStock: false, cta: 'Check on Walmart' } }));
    expect(html).toContain('Out of Stock');
    expect(html).toContain('$500.00');
    expect(html).not.toContain('$340.00');
    expect(html).not.toContain('<s ');
    expect(html).not.toContain('-32%');
    expect(html).not.toContain('deal-countdown');
    expect(html).not.toContain('Popular Choice');
    expect(html).not.toContain('Limited Stock');
    expect(html).toContain('>Check on Walmart</a>');
  });
});

describe('badge colours mean one thing each', () => {
  it('maps every meaning to its variant', () => {
    expect(BADGE_VARIANTS).toEqual({
      sale: 'destructive',
      'stock-warning': 'destructive',
      available: 'success',
      recognition: 'default',
      category: 'secondary',
      fact: 'outline',
    });
  });

  it('keeps red (destructive) for sales and stock warnings only', () => {
    const red = (Object.keys(BADGE_VARIANTS) as BadgeMeaning[]).filter((meaning) => badgeVariant(meaning) === 'destructive');
    expect(red.sort()).toEqual(['sale', 'stock-warning']);
  });

  it('gives every other variant a single meaning', () => {
    const meaningsByVariant = new Map<string, BadgeMeaning[]>();
    for (const [meaning, variant] of Object.entries(BADGE_VARIANTS) as [BadgeMeaning, string][]) {
      meaningsByVariant.set(variant, [...(meaningsByVariant.get(variant) ?? []), meaning]);
    }
    for (const [variant, meanings] of meaningsByVariant) if (variant !== 'destructive') expect(meanings, variant).toHaveLength(1);
  });

  it('paints the card badges by meaning: the sale and Out of Stock red, Popular Choice not', () => {
    const onSale = renderToStaticMarkup(createElement(ProductCardView, { product }));
    expect(onSale).toMatch(/<span class="[^"]*bg-sale[^"]*" data-price-fresh=""><span aria-hidden="true">-32%/);
    expect(onSale).toMatch(/<span class="[^"]*bg-brand-700[^"]*">Popular Choice/);
    expect(onSale).toMatch(/<li class="[^"]*text-sale[^"]*">Limited Stock/);
    expect(onSale).toMatch(/<li class="[^"]*text-brand-800[^"]*">Bestseller/);
    const soldOut = renderToStaticMarkup(createElement(ProductCardView, { product: { ...product, inStock: false } }));
    expect(soldOut).toMatch(/<span class="[^"]*bg-sale[^"]*">Out of Stock/);
  });
});

describe('a wishlist card', () => {
  it('shows the regular price for a product that sold out during its sale', async () => {
    const { presentedSalePrice } = await import('../../src/domain/product-display/offer.ts');
    const saved = { price: 200, salePrice: 150 };
    expect(presentedSalePrice({ ...saved, inStock: true }) ?? saved.price).toBe(150);
    expect(presentedSalePrice({ ...saved, inStock: false }) ?? saved.price).toBe(200);
  });
});
