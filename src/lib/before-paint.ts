/**
 * The small scripts that must run before the first paint, so a static page shows the visitor's own state without a
 * flash. Each runs as a classic script outside any bundle (written out and minified once per build by
 * src/components/before-paint-scripts.ts), so it must not refer to anything outside itself: its settings are
 * arguments.
 */

/**
 * Marks <html> with the last known sign-in state (the user kept under `storageKey` by src/lib/auth-state.ts), so the
 * header renders signed in or out from the start; the session check in account-nav.ts then confirms or corrects it.
 * Runs from the head's early script file.
 */
export function markCachedSignIn(doc: Document, storageKey: string): void {
  try {
    const user = JSON.parse(localStorage.getItem(storageKey) || 'null') as { email?: string; role?: string } | null;
    if (user && user.email) {
      doc.documentElement.dataset.auth = 'signed-in';
      doc.documentElement.dataset.role = user.role === 'admin' ? 'admin' : 'user';
    }
  } catch {
    // No storage: the header starts signed out and the session check corrects it.
  }
}

/** Fills the account bar's name and role from the last known user; account-nav.ts keeps them current. */
export function fillCachedUser(doc: Document, storageKey: string): void {
  try {
    const user = JSON.parse(localStorage.getItem(storageKey) || 'null') as { email?: string; displayName?: string; role?: string } | null;
    if (user) {
      doc.querySelectorAll('[data-user-name]').forEach((element) => (element.textContent = user.displayName || user.email || ''));
      doc.querySelectorAll('[data-user-role]').forEach((element) => (element.textContent = user.role || 'user'));
    }
  } catch {
    // No storage: account-nav.ts fills the name once the session check answers.
  }
}

/** Shows the cookie banner when no valid choice is stored, and keeps the page's end scrollable above it. */
export function revealCookieBanner(doc: Document, storageKey: string, choices: readonly string[]): void {
  const banner = doc.getElementById('cookie-consent');
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(storageKey);
  } catch {
    // No storage: ask every time.
  }
  if (banner && !choices.includes(stored as string)) {
    banner.hidden = false;
    doc.documentElement.style.setProperty('--cookie-banner-space', `${banner.offsetHeight}px`);
  }
}
