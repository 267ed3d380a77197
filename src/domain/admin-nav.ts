/** The admin sidebar of spec section 2: two groups of links, in the spec's order, and the URLs of its sections. */
export const adminSections = [
  { slug: 'overview', label: 'Overview' },
  { slug: 'add-link', label: 'Add Products' },
  { slug: 'products', label: 'Products' },
  { slug: 'manage', label: 'Manage' },
  { slug: 'categories', label: 'Categories' },
  { slug: 'analytics', label: 'Analytics' },
  { slug: 'blog', label: 'Blog' },
  { slug: 'authors', label: 'Authors' },
  { slug: 'pinterest', label: 'Pinterest' },
  { slug: 'hero-image', label: 'Hero Image' },
] as const;

export type AdminSection = (typeof adminSections)[number]['slug'];

export const publicPages = [
  { href: '/', label: 'Home' },
  { href: '/products', label: 'Products' },
  { href: '/blog', label: 'Blog' },
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
] as const;

/** /add-product is the spec's second address of the Add Products page (spec section 2, Admin routes). */
export const ADD_PRODUCT_PATH = '/add-product';

export function adminSectionPath(section: AdminSection): string {
  return `/dashboard/${section}`;
}

export function adminSectionLabel(section: AdminSection): string {
  return adminSections.find((item) => item.slug === section)!.label;
}

/** The section an admin URL shows, or undefined for any other path; a trailing slash and .html are tolerated. */
export function adminSectionForPath(pathname: string): AdminSection | undefined {
  const path = pathname.replace(/\.html$/, '').replace(/\/+$/, '');
  if (path === ADD_PRODUCT_PATH) return 'add-link';
  const match = /^\/dashboard\/([a-z-]+)$/.exec(path);
  return adminSections.find((item) => item.slug === match?.[1])?.slug;
}

/** The document title of an admin section, the same in the static page and after client-side navigation. */
export function adminSectionTitle(section: AdminSection): string {
  return `${adminSectionLabel(section)} | Admin Panel | Repwell`;
}
