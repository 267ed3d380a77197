/**
 * The catalogue's own search bar (spec sections 2 and 5): submitting sets the search parameter,
 * submitting it empty clears it. Other filters stay. Without JavaScript it is a plain GET form.
 */
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { withQuery } from '../../domain/catalogue/query.ts';
import { useCatalogueContext } from './catalogue-context.ts';

export function SearchBar() {
  const { query, navigate } = useCatalogueContext();
  const [text, setText] = useState(query.search ?? '');
  // Back, forward and other links change the term under the field.
  useEffect(() => setText(query.search ?? ''), [query.search]);

  return (
    <form
      role="search"
      aria-label="Catalog"
      action="/products"
      method="get"
      className="relative mb-6 max-w-2xl"
      onSubmit={(event) => {
        event.preventDefault();
        navigate(withQuery(query, { search: text.trim() || null }));
      }}
    >
      {/* Named apart from the header's search box, which searches products too but drops the filters. */}
      <label htmlFor="catalogue-search" className="sr-only">
        Search the catalog
      </label>
      <input
        id="catalogue-search"
        name="search"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search products..."
        autoComplete="off"
        enterKeyHint="search"
        className="h-12 w-full rounded-full border border-line bg-surface pr-28 pl-11 text-base text-ink placeholder:text-ink-muted focus:border-brand-500 focus:outline-none"
      />
      <Search aria-hidden="true" size={18} className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-ink-muted" />
      <button
        type="submit"
        className="absolute top-1.5 right-1.5 inline-flex h-9 items-center rounded-full bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
      >
        Search
      </button>
    </form>
  );
}
