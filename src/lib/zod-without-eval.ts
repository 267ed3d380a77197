/**
 * `zod` as the site's bundles import it (astro.config.mjs aliases `zod` to this module): zod v4
 * probes for `new Function` to compile fast parsers, which the page's Content-Security-Policy
 * refuses (no 'unsafe-eval'), so every page that parses a schema reported a violation. `jitless`
 * is zod's own switch for such environments: it parses without generated code.
 */
import * as z from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
