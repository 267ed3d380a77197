/** /bookmarks: the signed-in person's bookmarked posts (spec section 2, Bookmarks). */
import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { bookmarkMessages } from '../domain/saved-items.ts';
import { PLACEHOLDER_IMAGE } from '../domain/product.ts';
import type { AppUser } from '../domain/user.ts';
import { api } from '../lib/api.ts';
import { queryClient, queryKeys } from '../lib/query-client.ts';
import { toast } from '../lib/toast.ts';
import Guard from './Guard.tsx';
import { EmptyState, LoadError, PageHeading, SkeletonCards } from './SavedListParts.tsx';
import { ui } from './ui.ts';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function BookmarkItems({ user }: { user: AppUser }) {
  const key = queryKeys.bookmarks(user.id);
  const list = useQuery({ queryKey: key, queryFn: () => api.bookmarks().then((answer) => answer.items) });
  const remove = useMutation({
    mutationFn: (postId: number) => api.removeBookmark(postId),
    onSuccess: () => toast({ title: bookmarkMessages.removed.title, variant: 'success' }),
    onError: () => toast({ ...bookmarkMessages.removeFailed, variant: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });

  if (list.isPending) return <SkeletonCards />;
  if (list.isError) return <LoadError onRetry={() => void list.refetch()} />;
  if (list.data.length === 0) return <EmptyState title="No bookmarks yet" action={{ href: '/blog', label: 'Browse Blog' }} />;

  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {list.data.map(({ post }) => (
        <li key={post.id} className={`${ui.card} flex flex-col overflow-hidden`}>
          <img
            src={post.imageUrl ?? PLACEHOLDER_IMAGE}
            alt=""
            width={800}
            height={450}
            loading="lazy"
            className="aspect-video w-full bg-muted object-cover"
          />
          <div className="flex flex-1 flex-col gap-2 p-4">
            <h2 className="font-semibold leading-snug">{post.title}</h2>
            <p className="line-clamp-3 text-sm text-ink-muted">{post.excerpt}</p>
            {post.publishedAt && (
              <p className="text-xs text-ink-muted">
                <time dateTime={post.publishedAt}>{dateFormat.format(new Date(post.publishedAt))}</time>
              </p>
            )}
            <div className="mt-auto flex items-center gap-2 pt-2">
              <a href={`/blog/${post.slug}`} className={`${ui.primaryButton} flex-1`}>
                Read Post
              </a>
              <button
                type="button"
                className={ui.secondaryButton}
                aria-label={`Remove bookmark for ${post.title}`}
                disabled={remove.isPending && remove.variables === post.id}
                onClick={() => remove.mutate(post.id)}
              >
                <Trash2 aria-hidden="true" size={16} />
              </button>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

export default function BookmarksPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <Guard>
        {(user) => (
          <>
            <PageHeading>My Bookmarks</PageHeading>
            <BookmarkItems user={user} />
          </>
        )}
      </Guard>
    </QueryClientProvider>
  );
}
