/**
 * Mounts the page's toast region (src/islands/Toaster.tsx) in its own React root when the first
 * toast is raised or the previous page left a flash, and not before: a page whose islands need no
 * React (a guide, the 404) loads none unless it has something to say (the 30 KB budget for such
 * pages, docs/architecture.md). Not an Astro island: the region is empty until a toast comes, and
 * rendering it on the server into every page of a 10,000-product build cost build time. Toasts that
 * wait for the mount are shown once the live region exists (Toaster.tsx), so screen readers still
 * announce them.
 */
import { hasWaitingToasts, takeFlashToast, toast, TOAST_EVENT } from './toast.ts';

let mounting: Promise<void> | undefined;

function mount(): Promise<void> {
  mounting ??= import('../islands/toaster-root.tsx').then(
    ({ mountToaster }) => mountToaster(),
    () => {
      // The chunk did not load (offline, or a tab left open across a deploy): let a later toast try again.
      mounting = undefined;
    },
  );
  return mounting;
}

export function loadToasterWhenNeeded(): void {
  // The flash the previous page left is taken as this page loads, never later: a flash this page
  // sets just before it navigates away belongs to the next page, not to this page's Toaster.
  const flash = takeFlashToast();
  if (flash) toast(flash);
  if (hasWaitingToasts()) {
    void mount();
    return;
  }
  window.addEventListener(TOAST_EVENT, () => void mount());
}
