/**
 * Add Products (issue 10, point 4), at /dashboard/add-link and /add-product. The spec's page has four tabs (Affiliate
 * Link, Manual Form, Multi-Product, CSV Import); only the tabs that work are shown. The import issue adds its tabs to
 * `tabs` in the spec's order. Inactive tabs stay mounted (hidden), so switching tabs keeps what was typed.
 */
import { Tabs } from 'radix-ui';
import type { ComponentType } from 'react';
import CsvImport from '../imports/CsvImport.tsx';
import AffiliateLinkTab from './AffiliateLinkTab.tsx';
import ManualForm from './ManualForm.tsx';
import MultiProduct from './MultiProduct.tsx';

interface AddProductsTab {
  value: string;
  label: string;
  Panel: ComponentType;
}

const tabs: readonly AddProductsTab[] = [
  { value: 'link', label: 'Affiliate Link', Panel: AffiliateLinkTab },
  { value: 'manual', label: 'Manual Form', Panel: ManualForm },
  { value: 'multi', label: 'Multi-Product', Panel: MultiProduct },
  { value: 'csv', label: 'CSV Import', Panel: CsvImport },
];

const tabClass =
  'rounded-full px-4 py-2 text-sm font-semibold text-ink-muted hover:text-ink data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow';

export default function AddProducts() {
  return (
    <Tabs.Root defaultValue={tabs[0]!.value} className="max-w-4xl space-y-6">
      <Tabs.List aria-label="Ways to add products" className="inline-flex flex-wrap gap-1 rounded-full bg-muted p-1">
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value} className={tabClass}>
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map(({ value, Panel }) => (
        <Tabs.Content key={value} value={value} forceMount className="focus-visible:outline-2 data-[state=inactive]:hidden">
          <Panel />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
