/**
 * Who is signed in, as the browser knows it. The last known user is kept in
 * localStorage so that static pages can show the right header before the
 * session check answers (see AuthBootstrap.astro); the server stays the judge.
 */
import { isAppUser, type AppUser } from '../domain/user.ts';
import { api } from './api.ts';

export const USER_STORAGE_KEY = 'repwell-user';
const CHANGE_EVENT = 'repwell:auth';

export type AuthState = { status: 'loading'; user: AppUser | null } | { status: 'ready'; user: AppUser | null };

let state: AuthState = { status: 'loading', user: readCachedUser() };
let pending: Promise<AppUser | null> | undefined;
/** Counts setUser calls: a session answer asked for before the last one is out of date. */
let changes = 0;

export function readCachedUser(): AppUser | null {
  try {
    const cached: unknown = JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null');
    return isAppUser(cached) ? cached : null;
  } catch {
    return null;
  }
}

export function getAuthState(): AuthState {
  return state;
}

export function subscribeToAuth(listener: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, listener);
  return () => window.removeEventListener(CHANGE_EVENT, listener);
}

/** Records the user for this page and later ones, and mirrors it onto <html data-auth data-role>. */
export function setUser(user: AppUser | null): void {
  changes++;
  state = { status: 'ready', user };
  try {
    if (user) localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    else localStorage.removeItem(USER_STORAGE_KEY);
  } catch {
    // Storage may be unavailable (private mode); the page state still updates.
  }
  document.documentElement.dataset.auth = user ? 'signed-in' : 'signed-out';
  document.documentElement.dataset.role = user?.role ?? '';
  // Marks that the server has answered (the cached state may have been a guess); scripts and tests can wait on it.
  document.documentElement.dataset.authChecked = 'true';
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/**
 * Asks the server once per page load; a failed check counts as signed out (spec section 4). An answer that comes back
 * after the page signed someone in or out was asked for with the old cookie, and is dropped: the newer state stays.
 */
export function loadSession(): Promise<AppUser | null> {
  if (pending) return pending;
  const asked = changes;
  pending = api
    .session()
    .then((answer) => answer.user)
    .catch(() => null)
    .then((user) => {
      if (changes !== asked) return state.user;
      setUser(user);
      return user;
    });
  return pending;
}

/** Clears the user even when the call fails, then re-raises the failure (spec section 4). */
export async function signOut(): Promise<void> {
  try {
    await api.signOut();
  } finally {
    setUser(null);
  }
}
