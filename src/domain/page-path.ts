/**
 * The address a built page is served at. Pages are built as files (Astro build.format 'file', so
 * Astro.url reads /about.html); Netlify and the local server serve them without the extension
 * (/about), which is the address links, canonical URLs and the header's current section use.
 */
export function servedPath(pathname: string): string {
  const path = pathname.replace(/\.html$/, '').replace(/\/index$/, '').replace(/\/+$/, '');
  return path === '' ? '/' : path;
}
