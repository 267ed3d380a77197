/**
 * Search and filters above the products table. The search box waits for a pause in typing (300 ms) before it asks
 * the server, and an emptied box clears the parameter (spec section 5); filters apply at once.
 */
import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { classLabels, linkHealthClasses } from '../../../domain/admin/link-health/classes.ts';
import { SEARCH_MAX, productStatuses, type ProductFilter } from '../../../domain/admin/product-list.ts';
import { ui } from '../../ui.ts';
import { categoriesApi, categoryKeys } from '../categories/categories-api.ts';
import { useQuery } from '../query.ts';
import { statusLabels } from './product-table-columns.tsx';
import type { ProductTableQuery } from './product-table-query.ts';

const SEARCH_DELAY_MS = 300;
const selectClass = `${ui.input} h-10 pr-8 text-sm`;

function FilterSelect({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-semibold text-ink-muted">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={selectClass}>
        {children}
      </select>
    </div>
  );
}

function SearchBox({ value, onSearch }: { value: string; onSearch: (search: string | undefined) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A change from outside (a cleared filter) shows in the box.
  useEffect(() => setText((current) => (current.trim() === value ? current : value)), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = (next: string) => {
    clearTimeout(timer.current);
    const trimmed = next.trim();
    if (trimmed !== value) onSearch(trimmed || undefined);
  };
  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => submit(next), SEARCH_DELAY_MS);
  };

  return (
    <div className="min-w-60 flex-1 space-y-1">
      <label htmlFor={id} className="block text-xs font-semibold text-ink-muted">
        Search by name, SKU or ASIN
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted" />
        <input
          id={id}
          type="search"
          value={text}
          maxLength={SEARCH_MAX}
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. foam roller or RW-FOAM"
          onChange={(event) => change(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') submit(text);
          }}
          className={`${ui.input} h-10 pl-9 text-sm`}
        />
        {text && (
          <button
            type="button"
            onClick={() => {
              setText('');
              submit('');
            }}
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-ink-muted hover:text-ink"
            aria-label="Clear search"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
    </div>
  );
}

export default function ProductTableToolbar({ tableQuery }: { tableQuery: ProductTableQuery }) {
  const { query, refine } = tableQuery;
  const categories = useQuery({ queryKey: categoryKeys.all, queryFn: categoriesApi.list });
  const filter = (change: Partial<ProductFilter>) => refine(change);
  const category = query.category === undefined ? '' : String(query.category);
  const categoryKnown = categories.data?.categories.some((item) => item.slug === category || String(item.id) === category);

  return (
    <div role="search" aria-label="Products" className="flex flex-wrap items-end gap-3">
      <SearchBox value={query.search ?? ''} onSearch={(search) => filter({ search })} />
      <FilterSelect label="Category" value={category} onChange={(value) => filter({ category: value || undefined })}>
        <option value="">All categories</option>
        {category && !categoryKnown && <option value={category}>{categories.isPending ? 'Loading…' : category}</option>}
        {categories.data?.categories.map((item) => (
          <option key={item.id} value={item.slug}>
            {item.name} ({item.productCount.toLocaleString('en-US')})
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Status" value={query.status ?? ''} onChange={(value) => filter({ status: (value || undefined) as ProductFilter['status'] })}>
        <option value="">Any status</option>
        {productStatuses.map((status) => (
          <option key={status} value={status}>
            {statusLabels[status]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Stock" value={query.stock ?? ''} onChange={(value) => filter({ stock: (value || undefined) as ProductFilter['stock'] })}>
        <option value="">In or out of stock</option>
        <option value="in">In stock</option>
        <option value="out">Out of stock</option>
      </FilterSelect>
      <FilterSelect
        label="Featured"
        value={query.featured === undefined ? '' : String(query.featured)}
        onChange={(value) => filter({ featured: value === '' ? undefined : value === 'true' })}
      >
        <option value="">Featured or not</option>
        <option value="true">Featured</option>
        <option value="false">Not featured</option>
      </FilterSelect>
      <FilterSelect label="Review" value={query.needsReview ? 'needed' : ''} onChange={(value) => filter({ needsReview: value === 'needed' ? true : undefined })}>
        <option value="">Reviewed or not</option>
        <option value="needed">Needs review</option>
      </FilterSelect>
      <FilterSelect label="Price checked" value={query.price ?? ''} onChange={(value) => filter({ price: (value || undefined) as ProductFilter['price'] })}>
        <option value="">Any price age</option>
        <option value="stale">Stale prices</option>
        <option value="failing">Failing checks</option>
      </FilterSelect>
      <FilterSelect label="Link health" value={query.health ?? ''} onChange={(value) => filter({ health: (value || undefined) as ProductFilter['health'] })}>
        <option value="">Any link health</option>
        <option value="problem">Problems</option>
        <option value="unchecked">Not checked yet</option>
        {linkHealthClasses.map((kind) => (
          <option key={kind} value={kind}>
            {classLabels[kind]}
          </option>
        ))}
      </FilterSelect>
    </div>
  );
}
