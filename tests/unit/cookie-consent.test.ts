import { describe, expect, it } from 'vitest';
import { choiceFor, COOKIE_CONSENT_KEY, parseConsent, shouldShowConsentBanner } from '../../src/domain/cookie-consent.ts';

describe('cookie consent (spec section 4)', () => {
  it('is stored under cookie-consent', () => {
    expect(COOKIE_CONSENT_KEY).toBe('cookie-consent');
  });

  it('stores accepted for Accept, declined for Decline and for the close icon', () => {
    expect(choiceFor('accept')).toBe('accepted');
    expect(choiceFor('decline')).toBe('declined');
    expect(choiceFor('close')).toBe('declined');
  });

  it('shows the banner only while no choice is stored', () => {
    expect(shouldShowConsentBanner(null)).toBe(true);
    expect(shouldShowConsentBanner(undefined)).toBe(true);
    expect(shouldShowConsentBanner('accepted')).toBe(false);
    expect(shouldShowConsentBanner('declined')).toBe(false);
  });

  it('treats a value that is not a choice as no choice', () => {
    expect(parseConsent('yes')).toBeNull();
    expect(parseConsent('Accepted')).toBeNull();
    expect(shouldShowConsentBanner('')).toBe(true);
  });
});
