/**
 * Hands every page rendered by the build to the affiliate disclosure check while its HTML is in memory
 * (src/server/disclosure/render-check.ts). Outside a build (the dev server) no check runs and pages pass untouched.
 */
import { defineMiddleware } from 'astro:middleware';
import { servedPath } from './domain/page-path.ts';
import { checkRenderedPage, renderCheckRunning } from './server/disclosure/render-check.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  if (!renderCheckRunning() || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return response;
  const html = await response.text();
  // The build asks for /blog/a-post.html (build.format 'file'); the message names the address readers use.
  checkRenderedPage(servedPath(context.url.pathname), html);
  return new Response(html, { status: response.status, statusText: response.statusText, headers: response.headers });
});
