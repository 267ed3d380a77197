/**
 * The blog list's filtering in the browser (BlogSearch.tsx renders its markup on the server): the
 * search box and, on /blog, `?category=` hide the cards that do not match, announce how many were
 * found, and show "No posts found" when none is left. Text typed before this ran is taken as it
 * is, and the page's early category style (BlogList.astro) gives way once the cards carry the
 * same filter themselves.
 */
import { filterPosts, listState, normalizeCategory, type PostSummary } from '../../domain/blog.ts';
import { markScriptReady } from '../../lib/script-ready.ts';

export function setUpBlogSearch(root: HTMLElement): void {
  const posts = JSON.parse(root.dataset.posts ?? '[]') as PostSummary[];
  const fixedCategory = root.dataset.fixedCategory ?? null;
  const category = normalizeCategory(fixedCategory ?? new URLSearchParams(window.location.search).get('category'));
  const input = root.querySelector<HTMLInputElement>('#blog-search');
  const status = root.querySelector<HTMLElement>('[data-blog-status]');
  const noMatches = root.querySelector<HTMLElement>('[data-blog-no-matches]');
  const items = document.getElementById(root.dataset.listId ?? '')?.querySelectorAll<HTMLElement>(':scope > li[data-slug]') ?? [];

  if (fixedCategory === null) {
    for (const link of root.querySelectorAll<HTMLElement>('[data-blog-category]')) {
      if ((link.dataset.blogCategory || null) === category) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
  }

  const apply = () => {
    const query = input?.value ?? '';
    const visible = filterPosts(posts, { query, category });
    const shown = new Set(visible.map((post) => post.slug));
    for (const item of items) item.hidden = !shown.has(item.dataset.slug ?? '');
    const filtering = query.trim() !== '' || category !== null;
    if (status) status.textContent = filtering ? `${visible.length} ${visible.length === 1 ? 'post' : 'posts'} found` : '';
    if (noMatches) noMatches.hidden = listState(posts.length, visible.length) !== 'no-matches';
  };

  root.querySelector('form')?.addEventListener('submit', (event) => event.preventDefault());
  input?.addEventListener('input', apply);
  apply();
  const prefilter = root.dataset.prefilterStyleId && document.getElementById(root.dataset.prefilterStyleId);
  if (prefilter) prefilter.remove();
  markScriptReady(root);
}
