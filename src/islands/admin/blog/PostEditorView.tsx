/** The editor screen for ?new or ?edit={id}: loads the post, then the form. This module and the editor load lazily. */
import { ArrowLeft } from 'lucide-react';
import { blogAdminTexts } from '../../../domain/admin/blog.ts';
import { ApiError } from '../../../lib/api.ts';
import { ui } from '../../ui.ts';
import { useQuery } from '../query.ts';
import { blogApi, blogKeys } from './blog-api.ts';
import PostForm from './PostForm.tsx';
import type { BlogView } from './use-blog-view.ts';

interface Props {
  id: number | undefined;
  moved: boolean;
  go(view: BlogView): void;
  replace(view: BlogView): void;
}

export default function PostEditorView({ id, moved, go, replace }: Props) {
  const post = useQuery({ queryKey: blogKeys.post(id ?? 0), queryFn: () => blogApi.get(id!), enabled: id !== undefined, retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 3 });
  if (id !== undefined && post.isPending) return <p role="status">Loading…</p>;
  if (id !== undefined && post.isError) {
    const notFound = post.error instanceof ApiError && post.error.status === 404;
    return (
      <div role="alert" className={`${ui.card} space-y-3 p-6`}>
        <h2 className="text-lg font-bold">{notFound ? blogAdminTexts.notFound.title : blogAdminTexts.loadFailed}</h2>
        <p className="text-ink-muted">{notFound ? blogAdminTexts.notFound.description : post.error.message}</p>
        <button type="button" className={ui.secondaryButton} onClick={() => go({ kind: 'list', query: { status: 'all', search: '', page: 1 } })}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to posts
        </button>
      </div>
    );
  }
  return <PostForm saved={post.data} moved={moved} go={go} replace={replace} />;
}
