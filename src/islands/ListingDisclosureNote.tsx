/**
 * The short affiliate disclosure above the first product of a list rendered by an island (the
 * wishlist; issue 9, point 4). Same text and link as src/components/home/HomeListingDisclosure.astro.
 */
import { LISTING_DISCLOSURE } from '../domain/product-display/listing-disclosure.ts';

export default function ListingDisclosureNote({ className = '' }: { className?: string }) {
  return (
    <p className={`text-xs leading-relaxed text-ink-muted ${className}`} data-listing-disclosure="">
      {LISTING_DISCLOSURE.text}{' '}
      <a href={LISTING_DISCLOSURE.href} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
        {LISTING_DISCLOSURE.linkLabel}
      </a>
    </p>
  );
}
