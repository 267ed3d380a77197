/**
 * Which pages search engines may index (spec sections 2 and 9, SEO): per-user pages, the admin area
 * and not-found pages stay out of the sitemap and are disallowed in robots.txt; everything else is in.
 */

/** Path prefixes that are private, per-user or functional, never content. */
export const PRIVATE_PATHS = ['/api/', '/auth', '/wishlist', '/bookmarks', '/dashboard', '/add-product'] as const;

/** Not-found pages: the site-wide 404 and the section pages served by public/_redirects' 404 rules. */
const NOT_FOUND_PATHS = ['/404', '/product/not-found', '/blog/not-found'];

function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed.toLowerCase();
}

/** `/dashboard` covers `/dashboard` and everything below it, but not `/dashboards-guide`. */
function isUnder(path: string, prefix: string): boolean {
  const base = prefix.replace(/\/+$/, '');
  return path === base || path.startsWith(`${base}/`);
}

/** Whether a page (given by path or full URL) belongs in the sitemap. */
export function isIndexablePath(pathOrUrl: string): boolean {
  const pathname = /^https?:\/\//i.test(pathOrUrl) ? new URL(pathOrUrl).pathname : pathOrUrl.split(/[?#]/)[0] ?? '/';
  const path = normalise(pathname);
  if (NOT_FOUND_PATHS.includes(path)) return false;
  return !PRIVATE_PATHS.some((prefix) => isUnder(path, prefix));
}

/**
 * robots.txt: everything is crawlable except the private paths; the sitemap index is named.
 * Not-found pages are not disallowed: they answer 404 and carry noindex, which a crawler must be
 * allowed to read.
 */
export function robotsTxt(sitemapUrl: string): string {
  return ['User-agent: *', ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), 'Allow: /', '', `Sitemap: ${sitemapUrl}`, ''].join('\n');
}
