/**
 * Client-side navigation between admin sections inside the one admin island: the guard's answer, the query cache
 * and the loaded code stay, so moving on shows no second 'Verifying access...' and loads no page. Links keep their
 * real hrefs, so a middle-click, a new tab, a reload or a browser without JavaScript gets the static page instead.
 */
import { useCallback, useEffect, useState, type MouseEvent } from 'react';
import { adminSectionForPath, adminSectionTitle, type AdminSection } from '../../../domain/admin-nav.ts';

export interface AdminRoute {
  section: AdminSection;
  /** Set by navigation (not the first render), so the new section's heading can take focus. */
  navigated: boolean;
  /** For the onClick of an <a href> to an admin section. */
  followLink(event: MouseEvent<HTMLAnchorElement>): void;
}

export function useAdminRoute(initial: AdminSection): AdminRoute {
  const [route, setRoute] = useState({ section: initial, navigated: false });

  useEffect(() => {
    const onPopState = () => {
      const section = adminSectionForPath(window.location.pathname);
      // Back to a page this app does not draw (history from before it loaded): let the browser load it.
      if (!section) window.location.reload();
      else setRoute({ section, navigated: true });
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  useEffect(() => {
    // The static page has the right title already (/add-product has its own); after a move, the section's.
    if (route.navigated) document.title = adminSectionTitle(route.section);
  }, [route.section, route.navigated]);

  const followLink = useCallback((event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const url = new URL(event.currentTarget.href);
    const section = url.origin === window.location.origin ? adminSectionForPath(url.pathname) : undefined;
    if (!section) return;
    event.preventDefault();
    if (url.pathname !== window.location.pathname) window.history.pushState(null, '', url.pathname);
    setRoute({ section, navigated: true });
  }, []);

  return { ...route, followLink };
}
