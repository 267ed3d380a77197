/** Page timing for the early-click specs: scripts held back, and a phone's slower CPU. */
import type { Page } from '@playwright/test';

/** Holds every script of the site until `release` is called. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/[^?]*\.js(\?.*)?$/, async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  return release;
}

/** Slows the page's CPU four times, as a mid-range phone is against this machine. */
export async function slowCpu(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}
