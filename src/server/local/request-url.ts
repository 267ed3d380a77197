/**
 * The URL of an incoming request. Node gives the request target as sent: usually a path
 * ("origin form"). `new URL('//products/', base)` would read that path as a host name, so a
 * path is appended to the origin instead. An absolute target (a proxy's) contributes only its
 * path and query: the host a client names must never become the URL code sees.
 */
export function requestUrl(target: string | undefined, origin: string): URL {
  return new URL(requestHref(target, origin));
}

/**
 * requestUrl as text, for a Request, which parses its URL itself: a target in origin form (every one the local server
 * passes on) is not parsed here at all. Throws for an absolute target that is no URL.
 */
export function requestHref(target: string | undefined, origin: string): string {
  const raw = target || '/';
  if (raw.startsWith('/')) return `${origin}${raw}`;
  const absolute = new URL(raw);
  return `${origin}${absolute.pathname}${absolute.search}`;
}

/**
 * The request target in origin form (`/path?query`), or undefined when the server must answer
 * 400: `*` (OPTIONS * asks about the server, not a resource), a target that is not a URL
 * (`http://[::1`), or an absolute target for another host than the request's Host header
 * (`GET http://evil.example/products`): this server is no proxy. RFC 9112 3.2 asks servers to
 * accept the absolute form, so one naming this site is read as its path.
 */
export function originFormTarget(target: string | undefined, host: string | undefined): string | undefined {
  const raw = target || '/';
  if (raw.startsWith('/')) return raw;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (host === undefined || url.host !== host.trim().toLowerCase()) return undefined;
  return `${url.pathname}${url.search}`;
}
