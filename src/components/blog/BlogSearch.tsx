/**
 * The blog list's search box, category links and empty states (spec section 2, Blog), rendered on
 * the server only: blog-search.ts filters in the browser, so the blog list ships no React (the
 * 30 KB budget of a page whose only other interactive parts are the header and the banner).
 *
 * The cards themselves are static HTML in the list `listId` names, so crawlers and readers without
 * JavaScript get every post; the script only hides the cards that do not match (the `hidden`
 * attribute on each `<li data-slug>`). It reads `?category=` on /blog, as the header's "beginner"
 * link uses it; the category links go to the static /blog/category/{name} pages, which work
 * without JavaScript.
 */
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
  const category = normalizeCategory(fixedCategory);
  const state = listState(posts.length, filterPosts(posts, { query: '', category }).length);

  if (state === 'empty') return <EmptyState {...blogTexts.noPosts} />;

  return (
    <div
      className="space-y-5"
      data-blog-search=""
      // Its search box is held until blog-search.ts runs, which takes what was typed before (src/lib/early-clicks.ts).
      data-await-script=""
      data-list-id={listId}
      data-fixed-category={fixedCategory ?? undefined}
      data-prefilter-style-id={prefilterStyleId}
      data-posts={JSON.stringify(posts)}
    >
      <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <form role="search" className="relative w-full lg:max-w-md">
          <label htmlFor="blog-search" className="sr-only">
            Search blog posts
          </label>
          <svg
            viewBox="0 0 24 24"
            width="18"
            height="18"
            aria-hidden="true"
            className="icon pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-ink-muted"
          >
            <path d="m21 21-4.34-4.34" />
            <circle cx="11" cy="11" r="8" />
          </svg>
          <input
            id="blog-search"
            type="search"
            name="search"
            placeholder={blogTexts.searchPlaceholder}
            autoComplete="off"
            className="block h-11 w-full rounded-full border border-line bg-surface pr-4 pl-10 text-base text-ink placeholder:text-ink-muted focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          />
        </form>
        {categories.length > 0 && <CategoryLinks categories={categories} active={category} />}
      </div>

      <p className="sr-only" role="status" data-blog-status=""></p>
      <div data-blog-no-matches="" hidden={state !== 'no-matches'}>
        <EmptyState {...blogTexts.noMatches} />
      </div>
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
          <a href="/blog" aria-current={active === null ? 'page' : undefined} className={`${pill} ${idle}`} data-blog-category="">
            All posts
          </a>
        </li>
        {categories.map((name) => (
          <li key={name}>
            <a href={`/blog/category/${name}`} aria-current={active === name ? 'page' : undefined} className={`${pill} ${idle}`} data-blog-category={name}>
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
