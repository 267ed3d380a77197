/**
 * The before-paint scripts (src/lib/before-paint.ts) as classic scripts, written out and minified once per build (module
 * scope), as the early-click script is. Their settings are written into the text, which is the same on every page, so
 * each is hashed once for the site's policy (astro.config.mjs, trustedScripts), and the components that write them
 * import that text from the policy's integration (virtual:repwell/trusted-scripts). Minified because they are in every
 * page's HTML (ARCHITECTURE section 9: a product page at most 30 KB).
 */
import { minifySync } from 'vite';
import { CONSENT_CHOICES, COOKIE_CONSENT_KEY } from '../domain/cookie-consent.ts';
import { fillCachedUser, markCachedSignIn, revealCookieBanner } from '../lib/before-paint.ts';

const USER_STORAGE_KEY = 'repwell-user'; // src/lib/auth-state.ts's key; that module imports the API client, so it is not imported here.

function script(name: string, call: string): string {
  return minifySync(`${name}.js`, call).code.trim();
}

/** For the head's early script file (EarlyClicks.astro), so <html> is marked before anything is painted. */
export const signInMarkScript: string = script('sign-in-mark', `(${markCachedSignIn.toString()})(document, ${JSON.stringify(USER_STORAGE_KEY)});`);

/** Inline right after the account bar (AccountBar.astro). */
export const accountBarFillScript: string = script('account-bar-fill', `(${fillCachedUser.toString()})(document, ${JSON.stringify(USER_STORAGE_KEY)});`);

/** Inline right after the cookie banner (CookieBanner.astro). */
export const cookieBannerRevealScript: string = script(
  'cookie-banner-reveal',
  `(${revealCookieBanner.toString()})(document, ${JSON.stringify(COOKIE_CONSENT_KEY)}, ${JSON.stringify(CONSENT_CHOICES)});`,
);
