/**
 * The short affiliate disclosure shown above the first product of every list (issue 9, point 4).
 * The full disclosure is the privacy policy's "Affiliate links and retailers" section, whose
 * heading Astro gives this id.
 */
export const LISTING_DISCLOSURE = {
  text: 'We earn a commission when you buy through links on this page, at no extra cost to you.',
  linkLabel: 'Affiliate disclosure',
  href: '/privacy-policy#affiliate-links-and-retailers',
} as const;
