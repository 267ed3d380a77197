/**
 * The cookie banner's behaviour (spec sections 2 and 4): Accept, Decline and the close icon store
 * the choice under `cookie-consent` and hide the banner. CookieBanner.astro shows it before the
 * first paint when nothing is stored; this module only reacts to the buttons.
 */
import { markScriptReady } from './script-ready.ts';
import { COOKIE_CONSENT_KEY, choiceFor, parseConsent, type ConsentAction, type ConsentChoice } from '../domain/cookie-consent.ts';

/** Fired on window with the choice, for anything (analytics) that must wait for consent. */
export const CONSENT_EVENT = 'repwell:cookie-consent';
/** The space kept free under the page while the banner covers the bottom of the viewport. */
const SPACE_PROPERTY = '--cookie-banner-space';

export function readConsent(): ConsentChoice | null {
  try {
    return parseConsent(localStorage.getItem(COOKIE_CONSENT_KEY));
  } catch {
    return null;
  }
}

export function storeConsent(action: ConsentAction): ConsentChoice {
  const choice = choiceFor(action);
  try {
    localStorage.setItem(COOKIE_CONSENT_KEY, choice);
  } catch {
    // Storage refused (private mode, quota): the banner still hides for this page.
  }
  window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: choice }));
  return choice;
}

function isAction(value: string | undefined): value is ConsentAction {
  return value === 'accept' || value === 'decline' || value === 'close';
}

function wire(banner: HTMLElement): void {
  const root = document.documentElement;
  // Keeps the end of the page scrollable into view above the banner, whatever its height.
  const keepSpace = () => root.style.setProperty(SPACE_PROPERTY, banner.hidden ? '0px' : `${banner.offsetHeight}px`);
  const observer = new ResizeObserver(keepSpace);
  observer.observe(banner);

  banner.addEventListener('click', (event) => {
    const action = (event.target as Element | null)?.closest<HTMLElement>('[data-consent-action]')?.dataset['consentAction'];
    if (!isAction(action)) return;
    storeConsent(action);
    banner.hidden = true;
    observer.disconnect();
    keepSpace();
  });
  // A choice made before this module ran is carried out now (src/lib/early-clicks.ts).
  markScriptReady(banner);
}

const banner = document.getElementById('cookie-consent');
if (banner && !banner.hidden) wire(banner);
