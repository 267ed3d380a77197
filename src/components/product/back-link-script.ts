/**
 * The Back link's listener for the head's early script file (src/integrations/head-script.ts): written out and
 * minified once per build, as the early-click script is.
 */
import { minifySync } from 'vite';
import { installBackLink } from '../../lib/back-link.ts';

export const backLinkScript: string = minifySync('back-link.js', `(${installBackLink.toString()})(document);`).code;
