/**
 * Renders the mobile drawer into its own React root at the end of <body>. Loaded by
 * mobile-menu.ts on the first tap (or ahead of it where the menu button shows).
 */
import { createRoot, type Root } from 'react-dom/client';
import MobileDrawer, { type MobileDrawerProps } from './MobileDrawer.tsx';

let root: Root | undefined;

export function openMobileMenu(button: HTMLButtonElement, props: MobileDrawerProps): void {
  if (!root) {
    const host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  }
  const mounted = root;
  const render = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    if (open) button.setAttribute('aria-controls', 'mobile-menu');
    else button.removeAttribute('aria-controls');
    // Kept mounted after closing, so the closing animation runs and reopening is instant.
    mounted.render(<MobileDrawer {...props} open={open} onOpenChange={render} returnFocus={() => button.focus()} />);
  };
  render(true);
}
