/**
 * schema.org JSON-LD for search engines (spec section 9, SEO): the Organization and the WebSite
 * with its product search on the home page, and a BreadcrumbList wherever breadcrumbs show.
 * Builders take the site's origin so every URL in the output is absolute, as Google requires.
 */

export const SITE_NAME = 'Repwell';
export const SITE_DESCRIPTION =
  'Independent reviews of home fitness, recovery and wellness products: tested gear, AI-powered analysis of customer reviews and price data, and honest picks.';

export type JsonLd = Record<string, unknown>;

function absolute(path: string, site: URL | string): string {
  return new URL(path, site).href;
}

export function organizationJsonLd(site: URL | string, logoPath = '/favicon.svg'): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': absolute('/#organization', site),
    name: SITE_NAME,
    url: absolute('/', site),
    logo: absolute(logoPath, site),
    description: SITE_DESCRIPTION,
  };
}

/** The search box Google may show for the site: it runs the catalogue search (/products?search=…). */
export function webSiteJsonLd(site: URL | string): JsonLd {
  // The placeholder must survive URL encoding, so it is appended as text rather than through URLSearchParams.
  const searchTarget = `${absolute('/products', site)}?search={search_term_string}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': absolute('/#website', site),
    name: SITE_NAME,
    url: absolute('/', site),
    publisher: { '@id': absolute('/#organization', site) },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: searchTarget },
      'query-input': 'required name=search_term_string',
    },
  };
}

export interface BreadcrumbItem {
  /** The visible label. */
  name: string;
  /** A site path such as `/products?category=recovery`; the current page (last item) may leave it out. */
  href?: string;
}

/** A BreadcrumbList in page order; positions count from 1. */
export function breadcrumbListJsonLd(items: readonly BreadcrumbItem[], site: URL | string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      ...(item.href ? { item: absolute(item.href, site) } : {}),
    })),
  };
}

/**
 * JSON for a <script type="application/ld+json"> element. `<` is escaped so a value such as a post
 * title containing `</script>` cannot end the element early; the JSON means the same.
 */
export function serializeJsonLd(data: JsonLd | readonly JsonLd[]): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
