/**
 * The Authors section: the people the site's posts and reviews name. A list with each author's posts, a form to add
 * or edit one, and a delete that asks first (their posts stay, without a byline).
 */
import { useState } from 'react';
import { authorPath, authorTexts, deleteAuthorConsequence, type AdminAuthor } from '../../../domain/editorial/author.ts';
import { toast } from '../../../lib/toast.ts';
import { ui } from '../../ui.ts';
import { toastApiError } from '../api.ts';
import { useMutation, useQuery, useQueryClient } from '../query.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import AuthorForm from './AuthorForm.tsx';
import { authorKeys, authorsApi } from './authors-api.ts';

type Editing = { kind: 'none' } | { kind: 'new' } | { kind: 'edit'; author: AdminAuthor };

function AuthorRow({ author, onEdit }: { author: AdminAuthor; onEdit: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => authorsApi.remove(author.id),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: authorKeys.all });
      const posts = answer.unbylinedPosts;
      toast({ title: authorTexts.deleted, description: `${answer.deleted.name} is deleted. ${posts === 0 ? 'No post named them.' : `${posts} post${posts === 1 ? '' : 's'} now show${posts === 1 ? 's' : ''} no byline.`}`, variant: 'success' });
    },
    onError: (error) => toastApiError(error, authorTexts.deleteFailed),
  });
  return (
    <li className={`${ui.card} flex flex-wrap items-center gap-4 p-4`}>
      {author.photoUrl ? (
        <img src={author.photoUrl} alt="" width="56" height="56" className="size-14 shrink-0 rounded-full border border-line bg-muted object-cover" />
      ) : (
        <span aria-hidden="true" className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-50 text-lg font-bold text-brand-800">
          {author.name.slice(0, 1)}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold text-ink">{author.name}</h3>
        <p className="text-sm text-ink-muted">
          {[author.role, author.areas.join(', ')].filter(Boolean).join(' · ')}
          {author.role || author.areas.length > 0 ? ' · ' : ''}
          {author.postCount === 1 ? '1 post' : `${author.postCount} posts`} ·{' '}
          <a href={authorPath(author.slug)} className={ui.link} target="_blank" rel="noopener">
            {authorPath(author.slug)}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      </div>
      <div className="flex gap-2">
        <button type="button" className={ui.secondaryButton} onClick={onEdit} aria-label={`Edit ${author.name}`}>
          Edit
        </button>
        <ConfirmDialog
          trigger={
            <button type="button" className={ui.secondaryButton} aria-label={`Delete ${author.name}`}>
              Delete
            </button>
          }
          title={`Delete ${author.name}?`}
          description={deleteAuthorConsequence(author.postCount)}
          confirmLabel="Delete"
          onConfirm={() => remove.mutateAsync()}
        />
      </div>
    </li>
  );
}

export default function AuthorsManager() {
  const authors = useQuery({ queryKey: authorKeys.all, queryFn: authorsApi.list });
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const done = () => setEditing({ kind: 'none' });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-ink-muted">The people behind the reviews: posts name them in their byline, and each has a public page listing their articles.</p>
        {editing.kind === 'none' && (
          <button type="button" className={ui.primaryButton} onClick={() => setEditing({ kind: 'new' })}>
            Add author
          </button>
        )}
      </div>
      {editing.kind !== 'none' && <AuthorForm key={editing.kind === 'edit' ? editing.author.id : 'new'} saved={editing.kind === 'edit' ? editing.author : undefined} onDone={done} />}
      {authors.isPending && (
        <p role="status" className="text-ink-muted">
          Loading…
        </p>
      )}
      {authors.isError && (
        <p role="alert" className="text-sale">
          {authorTexts.loadFailed}: {authors.error.message}
        </p>
      )}
      {authors.data && authors.data.authors.length === 0 && <p className="text-ink-muted">No authors yet. Add the first one.</p>}
      {authors.data && authors.data.authors.length > 0 && (
        <ul className="space-y-3" role="list" aria-label="Authors">
          {authors.data.authors.map((author) => (
            <AuthorRow key={author.id} author={author} onEdit={() => setEditing({ kind: 'edit', author })} />
          ))}
        </ul>
      )}
    </div>
  );
}
