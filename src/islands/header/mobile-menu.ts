/**
 * The mobile menu button's behaviour (spec section 2, Header). The button itself is static HTML
 * (MobileMenuButton.astro): it shows only under 768 px, so React and the drawer load only where it
 * can be seen (ahead of the first tap, when the browser is idle) or when it is tapped.
 */
import type { DrawerCategory } from '../../domain/navigation.ts';
import { servedPath } from '../../domain/page-path.ts';
import { markScriptReady } from '../../lib/script-ready.ts';

const loadRoot = () => import('./mobile-menu-root.tsx');

export function setUpMobileMenu(button: HTMLButtonElement): void {
  const categories = JSON.parse(button.dataset.categories ?? '[]') as DrawerCategory[];
  button.addEventListener('click', () => {
    const address = `${servedPath(window.location.pathname)}${window.location.search}`;
    loadRoot().then(
      ({ openMobileMenu }) => openMobileMenu(button, { categories, address }),
      // The drawer's code is gone (a tab left open across a deploy): ChunkRecovery heard it from Vite's preload
      // helper and reloads the page once, or hides this button behind NoScriptNav's links (src/lib/chunk-recovery.ts).
      () => undefined,
    );
  });
  const preload = () => {
    if (button.offsetParent) loadRoot().catch(() => undefined);
  };
  if ('requestIdleCallback' in window) requestIdleCallback(preload, { timeout: 2000 });
  else setTimeout(preload, 200);
  // A tap made before this ran is carried out now (src/lib/early-clicks.ts).
  markScriptReady(button);
}
