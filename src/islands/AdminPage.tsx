/**
 * The admin area's frame (spec section 2, Admin routes): the admin guard, the
 * 'Admin Panel' sidebar, and the section's content. The overview shows live figures;
 * the other managers are built by the admin issue and slot in by section.
 */
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { adminSections, publicPages, type AdminSection } from '../domain/admin-nav.ts';
import { formatPrice } from '../domain/money.ts';
import type { AppUser } from '../domain/user.ts';
import { queryClient } from '../lib/query-client.ts';
import { signOutAndLeave } from '../lib/sign-out.ts';
import { adminOverviewSchema, type AdminOverview } from '../domain/admin/overview.ts';
import Guard from './Guard.tsx';
import { ui } from './ui.ts';

async function fetchOverview(): Promise<AdminOverview> {
  const response = await fetch('/api/admin/overview', { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Overview failed (${response.status})`);
  return adminOverviewSchema.parse(await response.json());
}

function Overview() {
  const overview = useQuery({ queryKey: ['admin', 'overview'], queryFn: fetchOverview });
  if (overview.isPending) return <p role="status">Loading…</p>;
  if (overview.isError) return <p role="alert">The overview could not be loaded.</p>;
  const data = overview.data;
  const figures = [
    { label: 'Products', value: data.products.total.toLocaleString('en-US') },
    { label: 'In stock', value: data.products.inStock.toLocaleString('en-US') },
    { label: 'Categories', value: data.categories.toLocaleString('en-US') },
    { label: 'Published posts', value: data.posts.published.toLocaleString('en-US') },
    { label: 'Draft posts', value: data.posts.drafts.toLocaleString('en-US') },
    { label: 'Accounts', value: data.users.toLocaleString('en-US') },
    { label: 'Affiliate clicks', value: data.products.clicks.toLocaleString('en-US') },
    { label: 'Revenue', value: formatPrice(data.products.revenueCents / 100) },
  ];
  const latest = data.builds.builds[0];
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label} className={`${ui.card} p-4`}>
            <dt className="text-sm text-ink-muted">{figure.label}</dt>
            <dd className="mt-1 text-2xl font-bold">{figure.value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-ink-muted">
        Site build: {latest ? `${latest.status} (${latest.reason ?? 'requested'})` : 'no rebuild requested yet'}
        {data.builds.active ? ' — a rebuild is under way.' : ''}
      </p>
    </div>
  );
}

function Frame({ user, section }: { user: AppUser; section: AdminSection }) {
  const current = adminSections.find((item) => item.slug === section);
  const link = 'block rounded-md px-3 py-2 text-sm hover:bg-brand-50 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold';
  return (
    <div className="grid gap-8 md:grid-cols-[16rem_1fr]">
      <aside aria-label="Admin Panel" className={`${ui.card} h-fit p-4`}>
        <p className="px-3 pb-3 text-lg font-bold">Admin Panel</p>
        <nav aria-label="Admin sections" className="space-y-4">
          <div>
            <p className="px-3 text-xs font-semibold tracking-wide text-ink-muted uppercase">Public Pages</p>
            <ul>
              {publicPages.map((page) => (
                <li key={page.href}>
                  <a className={link} href={page.href}>
                    {page.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <p className="px-3 text-xs font-semibold tracking-wide text-ink-muted uppercase">Admin</p>
            <ul>
              {adminSections.map((item) => (
                <li key={item.slug}>
                  <a className={link} href={`/dashboard/${item.slug}`} aria-current={item.slug === section ? 'page' : undefined}>
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </nav>
      </aside>
      <div>
        <header className="mb-6 flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold">{current?.label ?? 'Admin'}</h1>
          <div className="flex items-center gap-3 text-sm">
            <span>{user.email}</span>
            <button type="button" className={ui.secondaryButton} onClick={() => void signOutAndLeave({ destination: '/auth', leaveOnError: true })}>
              <LogOut aria-hidden="true" size={16} /> Sign Out
            </button>
          </div>
        </header>
        {section === 'overview' ? <Overview /> : <p className="text-ink-muted">This manager is not available yet.</p>}
      </div>
    </div>
  );
}

export default function AdminPage({ section }: { section: AdminSection }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Guard requireAdmin>{(user) => <Frame user={user} section={section} />}</Guard>
    </QueryClientProvider>
  );
}
