/** The overview section: live figures and the latest site build (issue 10, point 2 grows it). */
import { useQuery } from '../query.ts';
import { formatPrice } from '../../../domain/money.ts';
import { ui } from '../../ui.ts';
import { adminApi, adminKeys } from '../api.ts';

export default function Overview() {
  const overview = useQuery({ queryKey: adminKeys.overview, queryFn: adminApi.overview });
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
