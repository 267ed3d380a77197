/** Plain data the header's islands take (computed at build time or from the page's address). */
export type { DrawerCategory, HeaderLink, MenuPost, NavLink } from '../../domain/navigation.ts';
