import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { MENU_DELAYS } from '../../src/domain/navigation.ts';

describe('navigation menu delays (spec section 9)', () => {
  it('are 200 ms to open, 300 ms to skip and 150 ms to close', () => {
    expect(MENU_DELAYS).toEqual({ openMs: 200, skipMs: 300, closeMs: 150 });
  });

  // MegaMenu passes openMs and skipMs to Radix; the close delay is fixed inside Radix, so check
  // that the installed version still closes after 150 ms and still defaults to the other two.
  it('match what the installed Radix NavigationMenu does', () => {
    const require = createRequire(import.meta.url);
    const source = readFileSync(require.resolve('@radix-ui/react-navigation-menu').replace(/index\.js$/, 'index.mjs'), 'utf8');
    expect(source).toMatch(new RegExp(`setTimeout\\(\\(\\) => setValue\\(""\\), ${MENU_DELAYS.closeMs}\\)`));
    expect(source).toContain(`delayDuration = ${MENU_DELAYS.openMs}`);
    expect(source).toContain(`skipDelayDuration = ${MENU_DELAYS.skipMs}`);
  });
});
