/**
 * The admin sidebar's state cookie, as shadcn/ui's sidebar keeps it (spec section 9: 7 days): `sidebar_state=true`
 * when expanded, `false` when collapsed. The layout's head script reads the same cookie before the first paint and
 * marks <html> with SIDEBAR_ATTRIBUTE, so CSS draws the right width before any React code runs.
 */
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;
/** `<html data-admin-sidebar="collapsed">`; absent or anything else means expanded. */
export const SIDEBAR_ATTRIBUTE = 'data-admin-sidebar';

export type SidebarState = 'expanded' | 'collapsed';

/** Expanded unless the cookie says `false`: a first visit, or a cookie someone mangled, shows the labels. */
export function parseSidebarCookie(cookieHeader: string | null | undefined): SidebarState {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== SIDEBAR_COOKIE) continue;
    return part.slice(eq + 1).trim() === 'false' ? 'collapsed' : 'expanded';
  }
  return 'expanded';
}

/** The `document.cookie` assignment that keeps the state for 7 days on every path. */
export function serializeSidebarCookie(state: SidebarState): string {
  return `${SIDEBAR_COOKIE}=${state === 'expanded'}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

export function toggledSidebarState(state: SidebarState): SidebarState {
  return state === 'expanded' ? 'collapsed' : 'expanded';
}

/** Ctrl+B, or Cmd+B on a Mac, toggles the sidebar (shadcn/ui's shortcut, spec section 9). */
export function isSidebarShortcut(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }): boolean {
  return event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

/** Under 768 px the sidebar is a sheet (spec section 9, mobile breakpoint). */
export const SIDEBAR_MOBILE_QUERY = '(max-width: 767.98px)';
