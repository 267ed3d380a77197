/**
 * Keeps the static header's account parts in step with the session: checks it
 * once per page, fills in the name and role, and wires every Sign Out button.
 */
import { getAuthState, loadSession, subscribeToAuth } from './auth-state.ts';
import { markScriptReady } from './script-ready.ts';
import { signOutAndLeave } from './sign-out.ts';

function render(): void {
  const user = getAuthState().user;
  document.querySelectorAll<HTMLElement>('[data-user-name]').forEach((el) => (el.textContent = user ? user.displayName || user.email : ''));
  document.querySelectorAll<HTMLElement>('[data-user-role]').forEach((el) => (el.textContent = user?.role || 'user'));
}

subscribeToAuth(render);
document.addEventListener('click', (event) => {
  const button = (event.target as Element | null)?.closest<HTMLButtonElement>('[data-sign-out]');
  if (!button) return;
  button.disabled = true;
  void signOutAndLeave().finally(() => (button.disabled = false));
});
// A Sign Out clicked before this module ran is carried out now (src/lib/early-clicks.ts).
document.querySelectorAll('[data-sign-out][data-await-script]').forEach(markScriptReady);
void loadSession();
