/**
 * The menus' data (the six newest posts for the Blog Articles panel, the categories for the Browse Categories drawer)
 * as one static file per build, /header-data/{version}.json, which every page names instead of carrying it inline:
 * it was the largest block of the header, repeated in every page (ARCHITECTURE section 9: every product page's HTML
 * at most 30 KB). The version is the content's digest, so the file is cached for good (public/_headers) and a change
 * to the posts or categories names a new one. Read at build time by Header.astro and the endpoints that write the file
 * (src/pages/header-data/[version].json.ts, and src/pages/header-data.json.ts for the build now served); the browser's
 * side is header-data-client.ts.
 */
import { createHash } from 'node:crypto';
import { getCollection } from 'astro:content';
import { drawerCategories, menuPosts, packHeaderData } from '../../domain/navigation.ts';

export interface HeaderDataFile {
  /** Names the file: the digest of its content. */
  version: string;
  /** The packed data (packHeaderData). */
  json: string;
}

export async function headerDataFile(): Promise<HeaderDataFile> {
  const [posts, categories] = await Promise.all([getCollection('posts'), getCollection('categories')]);
  const json = packHeaderData({
    posts: menuPosts(posts.map((entry) => entry.data)),
    categories: drawerCategories(categories.map((entry) => entry.data)),
  });
  return { version: createHash('sha256').update(json).digest('base64url').slice(0, 12), json };
}

/** The file's answer, at its versioned path and at the current build's (src/pages/header-data*). */
export function headerDataResponse(json: string): Response {
  return new Response(json, { headers: { 'content-type': 'application/json; charset=utf-8' } });
}
