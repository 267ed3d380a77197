/**
 * The short affiliate disclosure above the first product of a listing. Rendered statically by
 * src/components/ListingDisclosure.astro and inside islands that draw lists, so the text is kept
 * in this one place.
 */
export const LISTING_DISCLOSURE_TEXT = 'We earn a commission when you buy through links on this page, at no extra cost to you.';

export default function ListingDisclosure({ href = '#affiliate-disclosure', className }: { href?: string; className?: string }) {
  return (
    <p className={['text-xs leading-relaxed text-ink-muted', className].filter(Boolean).join(' ')} data-listing-disclosure="">
      {LISTING_DISCLOSURE_TEXT}{' '}
      <a href={href} className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900">
        Affiliate disclosure
      </a>
    </p>
  );
}
