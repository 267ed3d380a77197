/**
 * A product card (spec section 2: product cards), as plain markup: no hooks and no state, so
 * Astro renders it to static HTML (ProductCard.astro) and the catalogue island renders the very
 * same component. The name is the card's one navigation link, stretched over the card; the buy
 * link and the Save control sit above it (z-10) so they stay clickable.
 *
 * Pages that show cards load card-client.ts once (enhanceProductCards) for the deal countdown;
 * the buy link's click id and beacon come from every page's head (EarlyClicks.astro). Without
 * JavaScript the card still reads and links correctly.
 */
import { createElement, type CSSProperties, type ReactNode } from 'react';
import { formatPrice } from '../../domain/money.ts';
import { cardOffer, type CatalogueProduct } from '../../domain/product-card.ts';
import { badgeVariant } from '../../domain/product-display/badge-meaning.ts';
import { hasStarBadge, POPULAR_CHOICE_LABEL, STAR_BADGE_LABEL } from '../../domain/product-display/card-badges.ts';
import { formatK } from '../../domain/product-display/format.ts';
import { amazonPriceDisclaimer, amazonSiteOf, priceStamp, stalePriceLabel } from '../../domain/product-display/price-age.ts';
import type { SocialProofTag } from '../../domain/product-display/social-proof.ts';
import { DEFAULT_CTA, normalizeRating, productImage } from '../../domain/product.ts';
import { formatScore } from '../../domain/editorial/review-display.ts';
import { BADGE_COLOURS, TAG_COLOURS } from './badge-styles.ts';

export interface ProductCardViewProps {
  product: CatalogueProduct;
  /** The Save control: hydrated when reached for on a static page (product-card-html.ts), or the island's own. */
  save?: ReactNode;
  /** Images above the fold load eagerly; the rest lazily. */
  eager?: boolean;
  headingLevel?: 'h2' | 'h3';
}

const badge = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs leading-4 font-bold';
const tag = 'inline-flex items-center rounded-full border px-2 py-0.5 text-[0.6875rem] leading-4 font-semibold';
const tagColours = (key: SocialProofTag['key']) => TAG_COLOURS[badgeVariant(key === 'limited-stock' ? 'stock-warning' : 'recognition')];

export function ProductCardView({ product, save, eager = false, headingLevel: Heading = 'h3' }: ProductCardViewProps) {
  // What is presented after the out-of-stock rule: no deal, countdown or urgency on what cannot be bought.
  const offer = cardOffer(product);
  const saved = offer.percentOff;
  const rating = normalizeRating(product.rating);
  const tags = offer.socialProof;
  const cta = product.cta ?? DEFAULT_CTA;
  const amazonSite = amazonSiteOf(product.affiliateUrl);
  // The price's age: the head script (src/lib/price-age.ts) marks the card stale once data-price-stale-at passes, and
  // the site's CSS then hides everything marked data-price-fresh and shows the stale wording instead.
  return (
    <article
      className="product-card group relative flex w-full flex-col overflow-hidden rounded-card border border-line bg-surface shadow-card transition-shadow hover:shadow-card-hover has-[a:focus-visible]:shadow-card-hover"
      data-price-stale-at={product.priceStaleAt}
      data-price-stale={offer.priceShown ? undefined : ''}
    >
      <div className="relative aspect-square overflow-hidden bg-muted">
        <img
          src={productImage(product.imageUrl)}
          alt={product.name}
          width={400}
          height={400}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
        {/* The hover overlay (spec: a hovered card shows an overlay); decoration only, the name is the link. */}
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 flex items-end justify-center bg-linear-to-t from-ink/70 via-ink/10 to-transparent p-4 opacity-0 transition-opacity duration-200 group-hover:opacity-100 group-has-[a:focus-visible]:opacity-100"
        >
          <span className="mb-10 rounded-full bg-surface/95 px-3 py-1 text-xs font-semibold text-ink shadow-sm">View Details</span>
        </div>
        <div className="absolute top-3 left-3 flex flex-col items-start gap-1">
          {product.award && <span className={`${badge} ${BADGE_COLOURS[badgeVariant('recognition')]}`}>{product.award}</span>}
          {saved > 0 && (
            <span className={`${badge} ${BADGE_COLOURS[badgeVariant('sale')]}`} data-price-fresh="">
              <span aria-hidden="true">-{saved}%</span>
              <span className="sr-only">Save {saved}%</span>
            </span>
          )}
          {offer.popularChoice && <span className={`${badge} ${BADGE_COLOURS[badgeVariant('recognition')]}`}>{POPULAR_CHOICE_LABEL}</span>}
          {offer.dealEndsAt !== undefined && createElement('deal-countdown', { 'data-ends': offer.dealEndsAt, 'data-price-fresh': '' })}
        </div>
        {!product.inStock && <span className={`${badge} absolute top-3 right-3 ${BADGE_COLOURS[badgeVariant('stock-warning')]}`}>Out of Stock</span>}
        {save && <div className="absolute right-3 bottom-3 z-10">{save}</div>}
      </div>

      <div className="flex flex-1 flex-col gap-2 p-4">
        {product.category && <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{product.category.name}</p>}
        <Heading className="line-clamp-2 leading-snug font-semibold text-ink">
          <a href={`/product/${product.slug}`} className="rounded-sm after:absolute after:inset-0 hover:text-brand-700 focus-visible:outline-none">
            {product.name}
          </a>
        </Heading>

        {/* The site's score, kept apart from the shoppers' stars below it. */}
        {product.score !== undefined && (
          <p className="text-sm text-ink">
            Our score <strong className="font-bold">{formatScore(product.score)}</strong>
          </p>
        )}
        {rating === null ? (
          <p className="text-xs text-ink-muted">Not yet rated</p>
        ) : (
          <p className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm">
            <span className="rating-stars text-base" style={{ '--rating-percent': `${(rating / 5) * 100}%` } as CSSProperties} aria-hidden="true" />
            <span className="sr-only">
              Rated {rating.toFixed(1)} out of 5{product.numRatings ? `, ${formatK(product.numRatings)} ratings` : ''}
            </span>
            <span className="font-medium text-ink-muted" aria-hidden="true">
              {rating.toFixed(1)}
            </span>
            {product.numRatings !== undefined && (
              <span className="text-ink-muted" aria-hidden="true">
                ({formatK(product.numRatings)})
              </span>
            )}
            {hasStarBadge(rating) && <span className={`${tag} border-star/40 bg-star/10 text-ink`}>{STAR_BADGE_LABEL}</span>}
          </p>
        )}

        {tags.length > 0 && (
          <ul className="flex flex-wrap gap-1" aria-label="Why shoppers pick it">
            {tags.map((item) => (
              <li key={item.key} className={`${tag} ${tagColours(item.key)}`}>
                {item.label}
              </li>
            ))}
          </ul>
        )}

        <div className="mt-auto flex flex-wrap items-end justify-between gap-x-3 gap-y-2 pt-1">
          <div>
            {offer.priceShown && product.priceAsOf !== undefined && (
              <div data-price-fresh="">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  {offer.salePrice !== null ? (
                    <>
                      <span className="text-lg font-bold text-sale">
                        <span className="sr-only">Sale price </span>
                        {formatPrice(offer.salePrice)}
                      </span>
                      <s className="text-sm text-ink-muted">
                        <span className="sr-only">Regular price </span>
                        {formatPrice(product.price)}
                      </s>
                    </>
                  ) : (
                    <span className="text-lg font-bold text-ink">{formatPrice(product.price)}</span>
                  )}
                </p>
                <p className="relative z-10 text-[0.6875rem] leading-4 text-ink-muted" title={amazonSite ? amazonPriceDisclaimer(amazonSite) : undefined}>
                  {priceStamp(product.priceAsOf)}
                </p>
              </div>
            )}
            <p className="text-sm font-semibold text-ink" data-price-stale-text="">
              {stalePriceLabel(null, product.affiliateUrl)}
            </p>
          </div>
          {product.affiliateUrl && (
            <a
              href={product.affiliateUrl}
              target="_blank"
              rel="sponsored noopener"
              data-track-click={product.id}
              aria-label={`${cta}: ${product.name} (opens in a new tab)`}
              className={`relative z-10 inline-flex min-h-9 items-center rounded-full px-3 py-1.5 text-xs font-semibold ${
                product.inStock ? 'bg-accent text-white hover:bg-accent-strong' : 'border border-line bg-surface text-ink hover:bg-brand-50'
              }`}
            >
              {cta}
            </a>
          )}
        </div>
      </div>
    </article>
  );
}
