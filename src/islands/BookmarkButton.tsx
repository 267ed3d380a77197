/** Bookmark / Bookmarked on a blog post (spec sections 2 and 8). */
import { QueryClientProvider } from '@tanstack/react-query';
import { Bookmark } from 'lucide-react';
import { bookmarkMessages } from '../domain/saved-items.ts';
import { api } from '../lib/api.ts';
import { queryClient, queryKeys } from '../lib/query-client.ts';
import { useSavedToggle } from './use-saved-toggle.ts';

const fetchIds = () => api.bookmarks().then((answer) => answer.items.map((item) => item.postId));

function BookmarkToggle({ postId }: { postId: number }) {
  const { saved, busy, toggle } = useSavedToggle({
    id: postId,
    queryKey: queryKeys.bookmarks,
    fetchIds,
    add: api.addBookmark,
    remove: api.removeBookmark,
    messages: bookmarkMessages,
  });
  return (
    <button
      type="button"
      onClick={toggle}
      disabled={busy}
      aria-pressed={saved}
      className="inline-flex h-10 items-center gap-2 rounded-full border border-line bg-surface px-4 text-sm font-semibold hover:bg-brand-50 aria-pressed:text-brand-700"
    >
      <Bookmark aria-hidden="true" size={16} fill={saved ? 'currentColor' : 'none'} />
      {saved ? 'Bookmarked' : 'Bookmark'}
    </button>
  );
}

export default function BookmarkButton({ postId }: { postId: number }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BookmarkToggle postId={postId} />
    </QueryClientProvider>
  );
}
