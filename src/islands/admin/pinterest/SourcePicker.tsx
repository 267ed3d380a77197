/**
 * What a new pin starts from: a product (searched through the products list API) or a blog post (the blog list API).
 * The search waits for a pause in typing; each result is a button that picks it.
 */
import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { PinSourceRef } from '../../../domain/admin/pinterest/api.ts';
import type { PinSourceType } from '../../../domain/admin/pinterest/texts.ts';
import { ui } from '../../ui.ts';
import { blogApi } from '../blog/blog-api.ts';
import { productListApi } from '../products/product-list-api.ts';
import { useQuery } from '../query.ts';

const SEARCH_DELAY_MS = 300;

interface Candidate {
  id: number;
  name: string;
  detail: string;
}

function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}

export default function SourcePicker({ onPick }: { onPick: (source: PinSourceRef, name: string) => void }) {
  const searchId = useId();
  const [type, setType] = useState<PinSourceType>('product');
  const [text, setText] = useState('');
  const search = useDebounced(text);
  const results = useQuery({
    queryKey: ['admin', 'pinterest', 'sources', type, search],
    queryFn: async (): Promise<Candidate[]> => {
      if (type === 'product') {
        const list = await productListApi.list({ page: 1, pageSize: 25, sort: 'name', dir: 'asc', ...(search ? { search } : {}) });
        return list.rows.map((row) => ({ id: row.id, name: row.name, detail: row.category?.name ?? 'No category' }));
      }
      const list = await blogApi.list({ status: 'all', search, page: 1 });
      return list.posts.map((post) => ({ id: post.id, name: post.title, detail: post.published ? 'Published post' : 'Draft post' }));
    },
    placeholderData: (previous) => previous,
  });

  return (
    <div className="space-y-4">
      <fieldset className="flex gap-4">
        <legend className="mb-2 text-sm font-semibold text-ink">Pin a</legend>
        {(['product', 'post'] as const).map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm">
            <input type="radio" name="pin-source-type" checked={type === option} onChange={() => setType(option)} className="accent-brand-700" />
            {option === 'product' ? 'Product' : 'Blog post'}
          </label>
        ))}
      </fieldset>
      <div className="space-y-1">
        <label htmlFor={searchId} className={ui.label}>
          {type === 'product' ? 'Search products by name, SKU or ASIN' : 'Search posts by title'}
        </label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted" />
          <input id={searchId} type="search" value={text} onChange={(event) => setText(event.target.value)} className={`${ui.input} pl-9`} />
        </div>
      </div>
      {results.isPending ? (
        <p role="status" className="text-sm text-ink-muted">
          Loading…
        </p>
      ) : results.isError ? (
        <p role="alert" className="text-sm text-sale">
          The list could not be loaded. Please try again.
        </p>
      ) : results.data.length === 0 ? (
        <p role="status" className="text-sm text-ink-muted">
          Nothing matches.
        </p>
      ) : (
        <ul aria-label={type === 'product' ? 'Products' : 'Posts'} className="max-h-96 divide-y divide-line overflow-y-auto rounded-lg border border-line">
          {results.data.map((candidate) => (
            <li key={candidate.id}>
              <button
                type="button"
                className="flex w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-brand-50 focus-visible:bg-brand-50"
                onClick={() => onPick({ type, id: candidate.id }, candidate.name)}
              >
                <span className="font-semibold">{candidate.name}</span>
                <span className="text-xs text-ink-muted">{candidate.detail}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
