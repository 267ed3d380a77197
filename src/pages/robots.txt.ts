/** robots.txt, built with the site so the sitemap URL follows the configured `site`. */
import type { APIRoute } from 'astro';
import { robotsTxt } from '../domain/indexing.ts';

export const GET: APIRoute = ({ site, url }) =>
  new Response(robotsTxt(new URL('/sitemap-index.xml', site ?? url).href), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
