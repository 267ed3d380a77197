/**
 * The early-click script EarlyClicks.astro loads (src/integrations/head-script.ts): written out and minified once per build
 * (module scope), not once per page. Minifying in the component's frontmatter ran for each of the
 * 10,000+ pages of a full catalogue build.
 */
import { minifySync } from 'vite';
import { installEarlyClicks } from '../lib/early-clicks.ts';
import { EARLY_CLICKS } from '../lib/script-ready.ts';

const source = `(${installEarlyClicks.toString()})(document, ${JSON.stringify(EARLY_CLICKS)});`;

export const earlyClicksScript: string = minifySync('early-clicks.js', source).code;
