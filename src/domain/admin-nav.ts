/** The admin sidebar of spec section 2: two groups of links, in the spec's order. */
export const adminSections = [
  { slug: 'overview', label: 'Overview' },
  { slug: 'add-link', label: 'Add Products' },
  { slug: 'products', label: 'Products' },
  { slug: 'manage', label: 'Manage' },
  { slug: 'categories', label: 'Categories' },
  { slug: 'analytics', label: 'Analytics' },
  { slug: 'blog', label: 'Blog' },
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
