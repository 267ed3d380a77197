/**
 * The blog list's search box, category links and empty states (spec section 2, Blog).
 *
 * The cards themselves are static HTML in the list `listId` names, so crawlers and readers
 * without JavaScript get every post; this island only hides the cards that do not match
 * (the `hidden` attribute on each `<li data-slug>`). It reads `?category=` on /blog, as the
 * header's "beginner" link uses it; the category links it renders go to the static
 * /blog/category/{name} pages, which work without JavaScript.
 */
import { Search } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { blogTexts, categoryLabel, filterPosts, listState, normalizeCategory, type PostSummary } from '../../domain/blog.ts';

export interface BlogSearchProps {
  posts: PostSummary[];
  /** The id of the static list whose items carry data-slug. */
  listId: string;
  /** Categories to offer as links, in order. */
  categories: string[];
  /** The category a static category page shows; null on /blog, where `?category=` decides. */
  fixedCategory?: string | null;
  /** The id of the style BlogList.astro adds to hide other categories before the first paint. */
  prefilterStyleId?: string;
}

export default function BlogSearch({ posts, listId, categories, fixedCategory = null, prefilterStyleId }: BlogSearchProps) {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string | null>(normalizeCategory(fixedCategory));
  // False until the address has been read: until then the list must stay as the page drew it
  // (the inline script in BlogList.astro has already applied ?category=), or it would flash.
  const [synced, setSynced] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // After hydration: take the category from the URL, and any text typed before the island woke up.
  useEffect(() => {
    if (fixedCategory === null) setCategory(normalizeCategory(new URLSearchParams(window.location.search).get('category')));
    if (input.current?.value) setQuery(input.current.value);
    setSynced(true);
  }, [fixedCategory]);

  const visible = useMemo(() => filterPosts(posts, { query, category }), [posts, query, category]);
  const state = listState(posts.length, visible.length);

  useEffect(() => {
    if (!synced) return;
    const shown = new Set(visible.map((post) => post.slug));
    const items = document.getElementById(listId)?.querySelectorAll<HTMLElement>(':scope > li[data-slug]') ?? [];
    for (const item of items) item.hidden = !shown.has(item.dataset.slug ?? '');
    // The cards now carry the same filter themselves; the page's early style would only get in the way.
    if (prefilterStyleId) document.getElementById(prefilterStyleId)?.remove();
  }, [synced, visible, listId, prefilterStyleId]);

  if (state === 'empty') return <EmptyState {...blogTexts.noPosts} />;

  const activeCategory = fixedCategory === null ? category : normalizeCategory(fixedCategory);
  const filtering = query.trim() !== '' || category !== null;

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <form role="search" className="relative w-full lg:max-w-md" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor="blog-search" className="sr-only">
            Search blog posts
          </label>
          <Search aria-hidden="true" size={18} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-ink-muted" />
          <input
            ref={input}
            id="blog-search"
            type="search"
            name="search"
            placeholder={blogTexts.searchPlaceholder}
            autoComplete="off"
            // Uncontrolled, so text typed before hydration is never overwritten.
            onChange={(event) => setQuery(event.currentTarget.value)}
            className="block h-11 w-full rounded-full border border-line bg-surface pr-4 pl-10 text-base text-ink placeholder:text-ink-muted focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          />
        </form>
        {categories.length > 0 && <CategoryLinks categories={categories} active={activeCategory} />}
      </div>

      <p className="sr-only" role="status">
        {filtering ? `${visible.length} ${visible.length === 1 ? 'post' : 'posts'} found` : ''}
      </p>
      {state === 'no-matches' && <EmptyState {...blogTexts.noMatches} />}
    </div>
  );
}

function CategoryLinks({ categories, active }: { categories: string[]; active: string | null }) {
  const pill =
    'inline-flex h-9 items-center rounded-full border px-3.5 text-sm font-semibold aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white';
  const idle = 'border-line bg-surface text-ink hover:border-brand-300 hover:bg-brand-50';
  return (
    <nav aria-label="Blog categories">
      <ul className="flex flex-wrap gap-2">
        <li>
          <a href="/blog" aria-current={active === null ? 'page' : undefined} className={`${pill} ${idle}`}>
            All posts
          </a>
        </li>
        {categories.map((name) => (
          <li key={name}>
            <a href={`/blog/category/${name}`} aria-current={active === name ? 'page' : undefined} className={`${pill} ${idle}`}>
              {categoryLabel(name)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function EmptyState({ title, description }: { title: string; description: string }) {
  return (
    <div className="rounded-card border border-dashed border-line bg-surface p-10 text-center">
      <h2 className="text-lg font-semibold text-ink">{title}</h2>
      <p className="mt-1 text-ink-muted">{description}</p>
    </div>
  );
}
