// @ts-check
/**
 * The plain-Astro floor of `npm run bench` (ARCHITECTURE section 9, "a full build near the floor"): an Astro 7 site
 * with nothing but what Astro and its React integration do out of the box, rendering one page per product from a
 * JSON file (FLOOR_DATA, written by ./build.ts) with a layout like the site's product page. It uses the repository's
 * node_modules, so it moves with the site's Astro version.
 */
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

export default defineConfig({
  site: 'http://localhost:8888',
  output: 'static',
  outDir: process.env.FLOOR_OUT_DIR || './dist',
  integrations: [react()],
  devToolbar: { enabled: false },
});
