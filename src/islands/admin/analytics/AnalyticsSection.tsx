/**
 * Analytics (issue 14), at /dashboard/analytics: what earns, the networks that report conversions, and their report
 * imports, as tabs of one view. The open tab is kept in the URL (?tab=), so a reload or a shared link shows it.
 * Each tab's panel is its own lazy module: the dashboard's chart library loads only when the dashboard is shown.
 */
import { Tabs } from 'radix-ui';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useQueryState } from '../frame/use-query-state.ts';

interface AnalyticsTab {
  value: string;
  label: string;
  Panel: LazyExoticComponent<ComponentType>;
}

const tabs: readonly AnalyticsTab[] = [
  { value: 'dashboard', label: 'Dashboard', Panel: lazy(() => import('./Dashboard.tsx').then(({ default: p }) => ({ default: p }))) },
  { value: 'networks', label: 'Networks', Panel: lazy(() => import('./NetworksPanel.tsx').then(({ default: p }) => ({ default: p }))) },
  { value: 'reports', label: 'Report import', Panel: lazy(() => import('./ReportImport.tsx').then(({ default: p }) => ({ default: p }))) },
];

const tabClass =
  'rounded-full px-4 py-2 text-sm font-semibold text-ink-muted hover:text-ink data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow';

const loading = (
  <p role="status" className="py-8 text-center text-ink-muted">
    Loading…
  </p>
);

export default function AnalyticsSection() {
  const [query, setQuery] = useQueryState();
  const requested = query.get('tab');
  const active = tabs.find((tab) => tab.value === requested)?.value ?? tabs[0]?.value;
  return (
    <Tabs.Root value={active} onValueChange={(value) => setQuery({ tab: value === tabs[0]?.value ? null : value }, { push: true })} className="space-y-6">
      <Tabs.List aria-label="Analytics views" className="inline-flex flex-wrap gap-1 rounded-full bg-muted p-1">
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value} className={tabClass}>
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map(({ value, Panel }) => (
        <Tabs.Content key={value} value={value} className="focus-visible:outline-2">
          <Suspense fallback={loading}>{value === active ? <Panel /> : null}</Suspense>
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
