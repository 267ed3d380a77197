/**
 * Drafts and published posts, newest first, a page at a time from the server: filtered by status, searched by title,
 * with each post's actions. The filters live in the URL (use-blog-view.ts).
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { blogAdminTexts, blogStatuses, pageCount, type AdminBlogList, type BlogListQuery, type BlogStatusFilter } from '../../../domain/admin/blog.ts';
import { ui } from '../../ui.ts';
import { useQuery } from '../query.ts';
import { blogApi, blogKeys } from './blog-api.ts';
import PostRow from './PostRow.tsx';
import type { BlogView } from './use-blog-view.ts';
import { tableScroll } from '../ui/dialog-frame.tsx';

const statusLabels: Record<BlogStatusFilter, string> = { all: 'All', published: 'Published', draft: 'Drafts' };
const SEARCH_DELAY_MS = 300;

interface Props {
  query: BlogListQuery;
  moved: boolean;
  go(view: BlogView): void;
  replace(view: BlogView): void;
}

export default function BlogList({ query, moved, go, replace }: Props) {
  const list = useQuery({ queryKey: blogKeys.list(query), queryFn: () => blogApi.list(query), placeholderData: (previous) => previous });
  const heading = useRef<HTMLHeadingElement>(null);
  const [search, setSearch] = useState(query.search);

  useEffect(() => {
    if (moved) heading.current?.focus();
  }, [moved]);

  useEffect(() => {
    // Back and forward change the URL's search under the box: show it.
    setSearch((typed) => (typed.trim() === query.search ? typed : query.search));
  }, [query.search]);

  useEffect(() => {
    // The search reaches the URL and the server once typing pauses, not on every key.
    if (search.trim() === query.search) return;
    const timer = setTimeout(() => replace({ kind: 'list', query: { ...query, search: search.trim(), page: 1 } }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, query, replace]);

  const setQuery = (next: Partial<BlogListQuery>) => replace({ kind: 'list', query: { ...query, page: 1, ...next } });

  return (
    <section aria-labelledby="blog-posts-heading" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="blog-posts-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          Posts
        </h2>
        <a
          href="?new"
          className={ui.primaryButton}
          onClick={(event) => {
            event.preventDefault();
            go({ kind: 'new' });
          }}
        >
          <Plus aria-hidden="true" className="size-4" />
          New post
        </a>
      </div>

      <div className="flex flex-wrap items-end gap-4">
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Status</legend>
          {blogStatuses.map((status) => (
            <label
              key={status}
              className="flex cursor-pointer items-center gap-2 rounded-full border border-line px-3 py-1.5 text-sm has-checked:border-brand-500 has-checked:bg-brand-50"
            >
              <input type="radio" name="blog-status" className="accent-brand-700" checked={query.status === status} onChange={() => setQuery({ status })} />
              {statusLabels[status]}
              {list.data && <span className="text-ink-muted">({list.data.counts[status]})</span>}
            </label>
          ))}
        </fieldset>
        <div className="min-w-56 flex-1 space-y-1.5">
          <label htmlFor="blog-search" className={ui.label}>
            Search posts by title
          </label>
          <input id="blog-search" type="search" className={ui.input} value={search} maxLength={200} onChange={(event) => setSearch(event.target.value)} />
        </div>
      </div>

      <PostsTable list={list} query={query} go={go} onPage={(page) => replace({ kind: 'list', query: { ...query, page } })} />
    </section>
  );
}

function PostsTable({
  list,
  query,
  go,
  onPage,
}: {
  list: UseQueryResult<AdminBlogList>;
  query: BlogListQuery;
  go(view: BlogView): void;
  onPage(page: number): void;
}) {
  if (list.isPending) return <p role="status">Loading…</p>;
  if (list.isError) {
    return (
      <p role="alert" className="text-ink-muted">
        {blogAdminTexts.loadFailed}: {list.error.message}
      </p>
    );
  }
  const { posts, total, pageSize, counts } = list.data;
  const pages = pageCount(total, pageSize);
  if (posts.length === 0) {
    return (
      <p role="status" className={`${ui.card} p-6 text-ink-muted`}>
        {counts.all === 0 && query.search === '' ? 'No posts yet. Write the first one with New post.' : 'No posts match this filter and search.'}
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <div className={`${ui.card} ${tableScroll}`}>
        <table className="w-full min-w-[44rem] text-left text-sm" aria-busy={list.isFetching || undefined}>
          <caption className="sr-only">Blog posts, newest first</caption>
          <thead className="border-b border-line text-ink-muted">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Title
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Status
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Dates
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {posts.map((post) => (
              <PostRow key={post.id} post={post} go={go} />
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label="Pages of posts" className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p className="text-ink-muted">
          {total} {total === 1 ? 'post' : 'posts'} · page {query.page} of {pages}
        </p>
        <div className="flex gap-2">
          <button type="button" className={ui.secondaryButton} disabled={query.page <= 1} onClick={() => onPage(query.page - 1)}>
            Previous page
          </button>
          <button type="button" className={ui.secondaryButton} disabled={query.page >= pages} onClick={() => onPage(query.page + 1)}>
            Next page
          </button>
        </div>
      </nav>
    </div>
  );
}
