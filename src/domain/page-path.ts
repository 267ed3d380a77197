/**
 * The address a built page is served at. Pages are built as files (Astro build.format 'file', so
 * Astro.url reads /about.html); Netlify and the local server serve them without the extension
 * (/about), which is the address links, canonical URLs and the header's current section use.
 */
export function servedPath(pathname: string): string {
  // Only the site's own index.html is '/': a product whose slug is 'index' is /product/index.
  const path = pathname.replace(/^\/index\.html$/, '/').replace(/\.html$/, '').replace(/\/+$/, '');
  return path === '' ? '/' : path;
}
