/**
 * The overview section (issue 10, point 2): live figures, the site's build state with 'Rebuild now', recent admin
 * activity and the latest contact messages, with every message one click away (?view=messages). While a build is
 * queued or running the overview polls every few seconds, so 'Publishing your changes…' turns into 'Live since …'
 * without a reload.
 */
import { useQuery } from '../query.ts';
import { formatPrice } from '../../../domain/money.ts';
import { rangeLabel, type AdminOverview } from '../../../domain/admin/overview.ts';
import { ui } from '../../ui.ts';
import { adminApi, adminKeys } from '../api.ts';
import { useQueryState } from '../frame/use-query-state.ts';
import LinkHealthCard from '../link-health/LinkHealthCard.tsx';
import PricesCard from '../prices/PricesCard.tsx';
import BuildState from './BuildState.tsx';
import { MessagesList, LatestMessages } from './Messages.tsx';
import RecentActivity from './RecentActivity.tsx';
import BlockLosses from './BlockLosses.tsx';

const BUSY_POLL_MS = 3000;
const IDLE_POLL_MS = 30_000;

const number = (value: number) => value.toLocaleString('en-US');

function Figures({ data }: { data: AdminOverview }) {
  const { products } = data;
  const figures = [
    { label: 'Products', value: number(products.total), detail: `${number(products.published)} published · ${number(products.active)} active · ${number(products.draft)} draft` },
    { label: 'Stock', value: `${number(products.inStock)} in stock`, detail: `${number(products.outOfStock)} out of stock` },
    { label: 'Categories', value: number(data.categories) },
    { label: 'Blog posts', value: `${number(data.posts.published)} published`, detail: `${number(data.posts.drafts)} draft` },
    { label: 'Accounts', value: number(data.users) },
    { label: 'Contact messages', value: number(data.messages) },
    { label: 'Affiliate clicks', value: number(products.clicks), detail: rangeLabel(data.range) },
    { label: 'Revenue', value: formatPrice(products.revenueCents / 100), detail: `${number(products.conversions)} conversions · ${rangeLabel(data.range)}` },
  ];
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {figures.map((figure) => (
        <div key={figure.label} className={`${ui.card} p-4`}>
          <dt className="text-sm text-ink-muted">{figure.label}</dt>
          <dd className="mt-1 text-2xl font-bold">{figure.value}</dd>
          {figure.detail && <dd className="mt-1 text-sm text-ink-muted">{figure.detail}</dd>}
        </div>
      ))}
    </dl>
  );
}

export default function Overview() {
  const [query, setQuery] = useQueryState();
  const overview = useQuery({
    queryKey: adminKeys.overview,
    queryFn: adminApi.overview,
    refetchInterval: (state) => (state.state.data?.builds.active ? BUSY_POLL_MS : IDLE_POLL_MS),
  });

  if (query.get('view') === 'messages') return <MessagesList onBack={() => setQuery({ view: null, page: null }, { push: true })} />;
  if (overview.isPending) return <p role="status">Loading…</p>;
  if (overview.isError) return <p role="alert">The overview could not be loaded.</p>;
  const data = overview.data;
  return (
    <div className="space-y-8">
      <Figures data={data} />
      <BuildState status={data.builds} />
      <BlockLosses losses={data.blockLosses} />
      <LinkHealthCard />
      <PricesCard />
      <div className="grid grid-cols-1 gap-8 xl:grid-cols-2">
        <RecentActivity entries={data.activity} />
        <LatestMessages messages={data.latestMessages} total={data.messages} onShowAll={() => setQuery({ view: 'messages' }, { push: true })} />
      </div>
    </div>
  );
}
