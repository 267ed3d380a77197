/**
 * Cookie consent (spec section 4): the choice lives in local storage under `cookie-consent` as
 * `accepted` or `declined`; the banner shows only while no choice is stored. The close icon counts
 * as declining.
 */

export const COOKIE_CONSENT_KEY = 'cookie-consent';
export const CONSENT_CHOICES = ['accepted', 'declined'] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];

/** The banner's buttons; the close icon is a third way to decline. */
export type ConsentAction = 'accept' | 'decline' | 'close';

export function choiceFor(action: ConsentAction): ConsentChoice {
  return action === 'accept' ? 'accepted' : 'declined';
}

/** A stored value other than the two choices (tampered or from an older site) counts as no choice. */
export function parseConsent(stored: string | null | undefined): ConsentChoice | null {
  return CONSENT_CHOICES.find((choice) => choice === stored) ?? null;
}

export function shouldShowConsentBanner(stored: string | null | undefined): boolean {
  return parseConsent(stored) === null;
}
