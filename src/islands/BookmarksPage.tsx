/** /bookmarks: the signed-in person's bookmarked posts (spec section 2, Bookmarks). */
import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { bookmarkMessages } from '../domain/saved-items.ts';
import { PLACEHOLDER_IMAGE } from '../domain/product.ts';
import type { AppUser } from '../domain/user.ts';
import { api } from '../lib/api.ts';
import { queryClient, queryKeys } from '../lib/query-client.ts';
import { toast } from '../lib/toast.ts';
import Guard from './Guard.tsx';
import { EmptyState, LoadError, PageHeading, SavedCard, SkeletonCards } from './SavedListParts.tsx';

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
        <SavedCard
          key={post.id}
          image={{ src: post.imageUrl ?? PLACEHOLDER_IMAGE, alt: '', width: 800, height: 450, className: 'aspect-video w-full bg-muted object-cover' }}
          title={post.title}
          link={{ href: `/blog/${post.slug}`, label: 'Read Post' }}
          removeLabel={`Remove bookmark for ${post.title}`}
          removing={remove.isPending && remove.variables === post.id}
          onRemove={() => remove.mutate(post.id)}
        >
          <p className="line-clamp-3 text-sm text-ink-muted">{post.excerpt}</p>
          {post.publishedAt && (
            <p className="text-xs text-ink-muted">
              <time dateTime={post.publishedAt}>{dateFormat.format(new Date(post.publishedAt))}</time>
            </p>
          )}
        </SavedCard>
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
