/**
 * The sidebar's state. The layout's head script has already marked <html> from the cookie before the first paint;
 * this hook starts from that mark, and a toggle updates the mark (CSS draws the width from it) and the cookie.
 */
import { useCallback, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import {
  isSidebarShortcut,
  serializeSidebarCookie,
  SIDEBAR_ATTRIBUTE,
  SIDEBAR_MOBILE_QUERY,
  toggledSidebarState,
  type SidebarState,
} from '../../../domain/admin/sidebar.ts';

function markedState(): SidebarState {
  return document.documentElement.getAttribute(SIDEBAR_ATTRIBUTE) === 'collapsed' ? 'collapsed' : 'expanded';
}

function subscribeToMobile(listener: () => void): () => void {
  const query = window.matchMedia(SIDEBAR_MOBILE_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribeToMobile,
    () => window.matchMedia(SIDEBAR_MOBILE_QUERY).matches,
    () => false,
  );
}

export interface Sidebar {
  state: SidebarState;
  isMobile: boolean;
  /** The sheet under 768 px. */
  openMobile: boolean;
  setOpenMobile(open: boolean): void;
  /** Collapses or expands the sidebar, or opens or closes the sheet on a phone. */
  toggle(): void;
}

export function useSidebar(): Sidebar {
  const [state, setState] = useState<SidebarState>(markedState);
  const [openMobile, setOpenMobile] = useState(false);
  const isMobile = useIsMobile();

  const toggle = useCallback(() => {
    if (window.matchMedia(SIDEBAR_MOBILE_QUERY).matches) {
      setOpenMobile((open) => !open);
      return;
    }
    setState((current) => {
      const next = toggledSidebarState(current);
      document.documentElement.setAttribute(SIDEBAR_ATTRIBUTE, next);
      document.cookie = serializeSidebarCookie(next);
      return next;
    });
  }, []);

  // A layout effect: the shortcut works from the moment the sidebar is on screen.
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      // Ctrl+B is the browser's bookmarks sidebar in some browsers: the admin's shortcut wins on these pages.
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  return { state, isMobile, openMobile, setOpenMobile, toggle };
}
