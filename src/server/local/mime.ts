/** Content types for what an Astro build and a pagefind index put in dist, from the mime-db table (`mime-types`). */
import { extname } from 'node:path';
import { contentType } from 'mime-types';

export function contentTypeFor(path: string): string {
  // Pagefind's index chunks (.pagefind, .pf_meta, …) are in no table: gzip blobs read by its own loader.
  // By extension only: mime-types would read a bare file name such as `json` as an extension.
  const extension = extname(path);
  const type = extension ? contentType(extension) : false;
  if (!type) return 'application/octet-stream';
  // mime-types names a charset only for text/* and JSON; the build writes its XML (sitemaps, RSS) in UTF-8 too.
  return /^application\/([\w.-]+\+)?xml$/.test(type) ? `${type}; charset=utf-8` : type;
}

/** Text types worth compressing on the fly; binary formats are already compressed. */
export function isCompressible(contentType: string): boolean {
  return /^(text\/|application\/(json|javascript|xml|rss\+xml|manifest\+json)|image\/svg\+xml)/.test(contentType);
}
