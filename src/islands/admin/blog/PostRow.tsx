/** One post in the list: title, status badge, dates, and Edit, Publish/Unpublish, View and Delete. */
import { ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { blogAdminTexts, type AdminBlogPostSummary } from '../../../domain/admin/blog.ts';
import { toast } from '../../../lib/toast.ts';
import { toastApiError } from '../api.ts';
import { useMutation, useQueryClient } from '../query.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { blogApi, blogKeys } from './blog-api.ts';
import { dateTime, shortDate } from './post-dates.ts';
import StatusBadge from './StatusBadge.tsx';
import type { BlogView } from './use-blog-view.ts';

const smallButton =
  'inline-flex h-9 items-center gap-1.5 rounded-full border border-line bg-surface px-3 text-sm font-semibold text-ink hover:bg-brand-50 disabled:opacity-60';

function DateLine({ label, iso }: { label: string; iso: string }) {
  return (
    <span className="block whitespace-nowrap">
      {label} <time dateTime={iso} title={dateTime(iso)}>{shortDate(iso)}</time>
    </span>
  );
}

export default function PostRow({ post, go }: { post: AdminBlogPostSummary; go(view: BlogView): void }) {
  const queryClient = useQueryClient();
  const publish = useMutation({
    mutationFn: (published: boolean) => blogApi.setPublished(post.id, published),
    onSuccess: (saved) => {
      queryClient.setQueryData(blogKeys.post(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: blogKeys.lists });
      toast(
        saved.published
          ? { title: blogAdminTexts.published, description: blogAdminTexts.publishedDescription, variant: 'success' }
          : { title: blogAdminTexts.unpublished, description: blogAdminTexts.unpublishedDescription, variant: 'success' },
      );
    },
    onError: (error) => toastApiError(error, blogAdminTexts.publishFailed),
  });
  const remove = useMutation({
    mutationFn: () => blogApi.remove(post.id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: blogKeys.post(post.id) });
      void queryClient.invalidateQueries({ queryKey: blogKeys.lists });
      toast({ title: blogAdminTexts.deleted, description: blogAdminTexts.deletedDescription, variant: 'success' });
    },
    onError: (error) => toastApiError(error, blogAdminTexts.deleteFailed),
  });
  const named = <span className="sr-only"> “{post.title}”</span>;

  return (
    <tr className="border-b border-line last:border-0 align-top">
      <th scope="row" className="max-w-80 px-4 py-3 font-semibold text-ink">
        <span className="line-clamp-2">{post.title}</span>
        <span className="block font-normal text-ink-muted">/blog/{post.slug}</span>
      </th>
      <td className="px-4 py-3">
        <StatusBadge published={post.published} />
      </td>
      <td className="px-4 py-3 text-ink-muted">
        {post.publishedAt && <DateLine label={post.published ? 'Published' : 'First published'} iso={post.publishedAt} />}
        <DateLine label="Created" iso={post.createdAt} />
        {post.updatedAt !== post.createdAt && <DateLine label="Updated" iso={post.updatedAt} />}
      </td>
      <td className="px-4 py-3">
        <div className="flex flex-wrap justify-end gap-2">
          <a
            href={`?edit=${post.id}`}
            className={smallButton}
            onClick={(event) => {
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
              event.preventDefault();
              go({ kind: 'edit', id: post.id });
            }}
          >
            <Pencil aria-hidden="true" className="size-3.5" />
            Edit{named}
          </a>
          <button type="button" className={smallButton} disabled={publish.isPending} onClick={() => publish.mutate(!post.published)}>
            {post.published ? 'Unpublish' : 'Publish'}
            {named}
          </button>
          {post.published && (
            <a href={`/blog/${post.slug}`} target="_blank" rel="noopener" className={smallButton}>
              <ExternalLink aria-hidden="true" className="size-3.5" />
              View{named}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
          <ConfirmDialog
            trigger={
              <button type="button" className={`${smallButton} text-sale`}>
                <Trash2 aria-hidden="true" className="size-3.5" />
                Delete{named}
              </button>
            }
            title={`Delete “${post.title}”?`}
            description={
              post.published
                ? 'It leaves /blog after the next rebuild, and readers’ bookmarks of it are removed. This cannot be undone.'
                : 'The draft and any bookmarks of it are removed. This cannot be undone.'
            }
            confirmLabel="Delete post"
            onConfirm={() => remove.mutateAsync()}
          />
        </div>
      </td>
    </tr>
  );
}
