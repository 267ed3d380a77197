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
  // Bytes, not text: decoding the page here and encoding it again for the file cost 7 s at 10,000 products. The
  // worker gets a copy (the file is written from these) and decodes it on its own thread.
  const bytes = new Uint8Array(await response.arrayBuffer());
  // The build asks for /blog/a-post.html (build.format 'file'); the message names the address readers use.
  checkRenderedPage(servedPath(context.url.pathname), bytes);
  return new Response(bytes, { status: response.status, statusText: response.statusText, headers: response.headers });
});
