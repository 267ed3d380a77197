/**
 * The blog manager (issue 10, point 6): the list of drafts and published posts, and the editor. The editor, with its
 * rich-text library, is loaded only when a post is opened, so the list opens fast.
 */
import { lazy, Suspense } from 'react';
import BlogList from './BlogList.tsx';
import { useBlogView } from './use-blog-view.ts';

const PostEditorView = lazy(() => import('./PostEditorView.tsx').then(({ default: section }) => ({ default: section })));

export default function BlogManager() {
  const { view, moved, visit, go, replace } = useBlogView();
  if (view.kind === 'list') return <BlogList query={view.query} moved={moved} go={go} replace={replace} />;
  return (
    <Suspense
      fallback={
        <p role="status" className="text-ink-muted">
          Loading…
        </p>
      }
    >
      {/* Keyed by the visit, not the id: a new post that gets its id on first save stays the same editor. */}
      <PostEditorView key={visit} id={view.kind === 'edit' ? view.id : undefined} moved={moved} go={go} replace={replace} />
    </Suspense>
  );
}
