/** The Recovery Blog as an RSS feed (spec section 9, SEO), built with the site. */
import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { getCollection } from 'astro:content';
import { categoryLabel } from '../domain/blog.ts';

export async function GET(context: APIContext): Promise<Response> {
  const posts = (await getCollection('posts')).map((entry) => entry.data).sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());
  return rss({
    title: 'Recovery Blog | Repwell',
    description: 'Practical advice on training, recovering and feeling better at home, from the Repwell team.',
    site: context.site ?? context.url.origin,
    items: posts.map((post) => ({
      title: post.title,
      description: post.excerpt,
      pubDate: post.publishedAt,
      link: `/blog/${post.slug}`,
      ...(post.category ? { categories: [categoryLabel(post.category)] } : {}),
    })),
    customData: '<language>en-us</language>',
    // Item links match the pages' canonical URLs, which carry no trailing slash.
    trailingSlash: false,
  });
}
