/**
 * The menus' data (the six newest posts for the Blog Articles panel, the categories for the Browse Categories drawer)
 * as one static file, /header-data.json, which the menus' scripts read instead of every page carrying it inline: it
 * was the largest block of the header, repeated in every page (ARCHITECTURE section 9: every product page's HTML at
 * most 30 KB).
 *
 * The file has a fixed address, and no page names anything of its content. So publishing a post, which changes the
 * six newest, renders the blog's pages and this file, not the 10,000 product pages (publish-plan.ts); a page left
 * open across a deploy reads the new build's file as any page does. The cost is one revalidation per page view
 * (public/_headers: no-cache, answered 304 while the file is unchanged), off the path to first paint. Written by
 * src/pages/header-data.json.ts; the browser's side is header-data-client.ts.
 */
import { getCollection } from 'astro:content';
import { drawerCategories, menuPosts, packHeaderData } from '../../domain/navigation.ts';

/** The packed data (packHeaderData) of the posts and categories this build has. */
export async function headerDataJson(): Promise<string> {
  const [posts, categories] = await Promise.all([getCollection('posts'), getCollection('categories')]);
  return packHeaderData({
    posts: menuPosts(posts.map((entry) => entry.data)),
    categories: drawerCategories(categories.map((entry) => entry.data)),
  });
}
