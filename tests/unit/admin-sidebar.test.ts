import { describe, expect, it } from 'vitest';
import { ADD_PRODUCT_PATH, adminSectionForPath, adminSectionPath, adminSections, adminSectionTitle } from '../../src/domain/admin-nav.ts';
import {
  isSidebarShortcut,
  parseSidebarCookie,
  serializeSidebarCookie,
  SIDEBAR_COOKIE_MAX_AGE_SECONDS,
  toggledSidebarState,
} from '../../src/domain/admin/sidebar.ts';

describe('the sidebar state cookie (shadcn/ui sidebar_state, 7 days)', () => {
  it('is expanded on a first visit and when the cookie says true', () => {
    expect(parseSidebarCookie('')).toBe('expanded');
    expect(parseSidebarCookie(undefined)).toBe('expanded');
    expect(parseSidebarCookie('sidebar_state=true')).toBe('expanded');
  });

  it('is collapsed only when the cookie says false, wherever it sits among other cookies', () => {
    expect(parseSidebarCookie('sidebar_state=false')).toBe('collapsed');
    expect(parseSidebarCookie('theme=dark; sidebar_state=false; other=1')).toBe('collapsed');
    expect(parseSidebarCookie('theme=dark;sidebar_state=false')).toBe('collapsed');
  });

  it('ignores look-alike names and mangled values', () => {
    expect(parseSidebarCookie('my_sidebar_state=false')).toBe('expanded');
    expect(parseSidebarCookie('sidebar_state_old=false')).toBe('expanded');
    expect(parseSidebarCookie('sidebar_state=nonsense')).toBe('expanded');
    expect(parseSidebarCookie('sidebar_state')).toBe('expanded');
  });

  it('serialises for every path, for 7 days, and round-trips', () => {
    expect(SIDEBAR_COOKIE_MAX_AGE_SECONDS).toBe(604_800);
    expect(serializeSidebarCookie('collapsed')).toBe('sidebar_state=false; path=/; max-age=604800; SameSite=Lax');
    expect(serializeSidebarCookie('expanded')).toBe('sidebar_state=true; path=/; max-age=604800; SameSite=Lax');
    for (const state of ['expanded', 'collapsed'] as const) {
      expect(parseSidebarCookie(serializeSidebarCookie(state).split(';')[0])).toBe(state);
    }
  });

  it('toggles between the two states', () => {
    expect(toggledSidebarState('expanded')).toBe('collapsed');
    expect(toggledSidebarState('collapsed')).toBe('expanded');
  });
});

describe('the sidebar shortcut: Ctrl+B and Cmd+B', () => {
  const key = (overrides: Partial<Parameters<typeof isSidebarShortcut>[0]>) => ({ key: 'b', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...overrides });
  it('toggles on Ctrl+B or Cmd+B, either case', () => {
    expect(isSidebarShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isSidebarShortcut(key({ metaKey: true }))).toBe(true);
    expect(isSidebarShortcut(key({ key: 'B', ctrlKey: true }))).toBe(true);
  });
  it('leaves B alone without the modifier, and other chords to the browser', () => {
    expect(isSidebarShortcut(key({}))).toBe(false);
    expect(isSidebarShortcut(key({ key: 'c', ctrlKey: true }))).toBe(false);
    expect(isSidebarShortcut(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSidebarShortcut(key({ ctrlKey: true, altKey: true }))).toBe(false);
  });
});

describe('admin section URLs', () => {
  it('maps every section to /dashboard/{slug} and back', () => {
    for (const { slug } of adminSections) expect(adminSectionForPath(adminSectionPath(slug))).toBe(slug);
  });

  it('shows Add Products at /add-product as well', () => {
    expect(adminSectionForPath(ADD_PRODUCT_PATH)).toBe('add-link');
    expect(adminSectionForPath('/add-product.html')).toBe('add-link');
  });

  it('tolerates a trailing slash and the built .html file name', () => {
    expect(adminSectionForPath('/dashboard/hero-image/')).toBe('hero-image');
    expect(adminSectionForPath('/dashboard/overview.html')).toBe('overview');
  });

  it('knows no other path', () => {
    expect(adminSectionForPath('/dashboard')).toBeUndefined();
    expect(adminSectionForPath('/dashboard/settings')).toBeUndefined();
    expect(adminSectionForPath('/products')).toBeUndefined();
  });

  it('titles each section page', () => {
    expect(adminSectionTitle('hero-image')).toBe('Hero Image | Admin Panel | Repwell');
  });
});
