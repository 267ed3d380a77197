/**
 * The short affiliate disclosure above the first product of a listing (catalogue, category views,
 * Top Picks, home sections, wishlist), so a shopper reads it before any buy link. One component for
 * static pages (through ListingDisclosure.astro, no JavaScript shipped) and for islands that draw lists.
 * It links to the page's full Affiliate Disclosure card by default; a page without one passes
 * LISTING_DISCLOSURE.href, the privacy policy's section.
 */
import { LISTING_DISCLOSURE } from '../domain/product-display/listing-disclosure.ts';

export default function ListingDisclosureText({ href = '#affiliate-disclosure', className }: { href?: string; className?: string }) {
  return (
    <p className={['text-xs leading-relaxed text-ink-muted', className].filter(Boolean).join(' ')} data-listing-disclosure="" data-affiliate-disclosure="listing">
      {LISTING_DISCLOSURE.text}{' '}
      <a href={href} className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900">
        {LISTING_DISCLOSURE.linkLabel}
      </a>
    </p>
  );
}
