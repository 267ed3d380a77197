/**
 * The admin app's frame: sidebar, header and the current section, each section's code loaded when first shown
 * (React.lazy), so the frame stays small and sections already seen open at once.
 */
import { lazy, Suspense, useEffect, useRef, type ComponentType, type LazyExoticComponent } from 'react';
import { adminSectionLabel, type AdminSection } from '../../../domain/admin-nav.ts';
import type { AppUser } from '../../../domain/user.ts';
import AdminHeader from './AdminHeader.tsx';
import Sidebar from './Sidebar.tsx';
import { useAdminRoute } from './use-admin-route.ts';
import { useSidebar } from './use-sidebar.ts';

// Every section has its component: a Record over AdminSection, so a section added to the sidebar without one fails
// the type check instead of showing an empty screen.
const sections: Record<AdminSection, LazyExoticComponent<ComponentType>> = {
  overview: lazy(() => import('../overview/Overview.tsx').then(({ default: section }) => ({ default: section }))),
  'add-link': lazy(() => import('../add-products/AddProducts.tsx').then(({ default: section }) => ({ default: section }))),
  products: lazy(() => import('../products/ProductsSection.tsx').then(({ default: section }) => ({ default: section }))),
  manage: lazy(() => import('../products/ManageSection.tsx').then(({ default: section }) => ({ default: section }))),
  analytics: lazy(() => import('../analytics/AnalyticsSection.tsx').then(({ default: section }) => ({ default: section }))),
  categories: lazy(() => import('../categories/CategoriesManager.tsx').then(({ default: section }) => ({ default: section }))),
  blog: lazy(() => import('../blog/BlogManager.tsx').then(({ default: section }) => ({ default: section }))),
  authors: lazy(() => import('../authors/AuthorsManager.tsx').then(({ default: section }) => ({ default: section }))),
  pinterest: lazy(() => import('../pinterest/PinterestSection.tsx').then(({ default: section }) => ({ default: section }))),
  'hero-image': lazy(() => import('../hero/HeroManager.tsx').then(({ default: section }) => ({ default: section }))),
};

export default function AdminFrame({ user, initialSection }: { user: AppUser; initialSection: AdminSection }) {
  const route = useAdminRoute(initialSection);
  const sidebar = useSidebar();
  const heading = useRef<HTMLHeadingElement>(null);
  const Section = sections[route.section];

  useEffect(() => {
    // After a client-side move, focus goes where a page load would put a reader: the new section's heading.
    if (route.navigated) heading.current?.focus();
  }, [route.section, route.navigated]);

  return (
    <div className="flex min-h-svh">
      <Sidebar sidebar={sidebar} section={route.section} onSectionLink={route.followLink} />
      <div className="flex min-w-0 flex-1 flex-col">
        <AdminHeader user={user} sidebar={sidebar} />
        <main id="main-content" className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <h1 ref={heading} tabIndex={-1} className="mb-6 text-2xl font-bold focus:outline-none">
            {adminSectionLabel(route.section)}
          </h1>
          <Suspense
            fallback={
              <p role="status" className="text-ink-muted">
                Loading…
              </p>
            }
          >
            <Section key={route.section} />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
