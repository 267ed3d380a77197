/**
 * The URL of an incoming request. Node gives the request target as sent: usually a path
 * ("origin form"). `new URL('//products/', base)` would read that path as a host name, so a
 * path is appended to the origin instead; an absolute target (a proxy's) is taken as it is.
 */
export function requestUrl(target: string | undefined, origin: string): URL {
  const raw = target || '/';
  return raw.startsWith('/') ? new URL(`${origin}${raw}`) : new URL(raw);
}
