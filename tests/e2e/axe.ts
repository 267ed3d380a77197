/**
 * axe-core on the page as it settles: a scan taken while a toast or a dialog is fading in measures its text against a
 * half-transparent background, and reports a contrast the shopper never sees once the transition has run.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Waits until every finite animation and transition of the page has run (a spinner's endless one is left alone). */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // A transition starts on the frame after its trigger (a toast is mounted, then marked visible).
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** An axe scan for WCAG 2.1 A and AA, made once the page has settled. */
export async function settledAxe(page: Page): Promise<AxeBuilder> {
  await animationsSettled(page);
  return new AxeBuilder({ page }).withTags(WCAG_TAGS);
}
