/** Plain data the header passes to its islands (computed at build time in Header.astro). */
import type { DrawerCategory, MenuPost, NavLink } from '../../domain/navigation.ts';

export type { DrawerCategory, MenuPost, NavLink };

/** A top-level header link; `current` marks the page the visitor is on. */
export interface HeaderLink {
  href: string;
  label: string;
  current: boolean;
}
