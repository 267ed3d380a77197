/**
 * Bulk drafts (issue 12, point 2): one request makes a draft pin, with the default texts, for every product of a
 * category or for every product and post without a pin yet; the answer's summary shows as a toast and a card.
 */
import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import type { Board, PinBulkResult } from '../../../domain/admin/pinterest/api.ts';
import { bulkResultVariant } from '../../../domain/admin/pinterest/board-rule.ts';
import { toast } from '../../../lib/toast.ts';
import { ui } from '../../ui.ts';
import { toastApiError } from '../api.ts';
import { categoriesApi, categoryKeys } from '../categories/categories-api.ts';
import { useMutation, useQuery, useQueryClient } from '../query.ts';
import { pinterestApi, refreshPins } from './pinterest-api.ts';
import { CloseButton, dialogFrame, overlayClass } from '../ui/dialog-frame.tsx';

export default function CreateDrafts({ boards, onCreated }: { boards: Board[]; onCreated: (result: PinBulkResult) => void }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [scope, setScope] = useState<'without-pin' | 'category'>('without-pin');
  const [categoryId, setCategoryId] = useState('');
  const [boardId, setBoardId] = useState('');
  const categoryField = useId();
  const boardField = useId();
  const categories = useQuery({ queryKey: categoryKeys.all, queryFn: categoriesApi.list, enabled: open });
  const board = boards.find((candidate) => candidate.id === boardId);

  const create = useMutation({
    mutationFn: () =>
      pinterestApi.bulk({
        action: 'create-drafts',
        scope: scope === 'category' ? { type: 'category', categoryId: Number(categoryId) } : { type: 'without-pin' },
        ...(board ? { boardId: board.id, boardName: board.name } : {}),
      }),
    onSuccess: (result) => {
      toast({ title: result.title, description: result.description || undefined, variant: bulkResultVariant(result) });
      onCreated(result);
      setOpen(false);
    },
    onError: (error) => toastApiError(error, 'Error creating drafts'),
    onSettled: () => refreshPins(queryClient),
  });
  const ready = scope === 'without-pin' || categoryId !== '';

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !create.isPending && setOpen(next)}>
      <Dialog.Trigger asChild>
        <button type="button" className={ui.secondaryButton}>
          Create drafts
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content className={dialogFrame('md')}>
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-bold">Create draft pins</Dialog.Title>
            <CloseButton />
          </div>
          <Dialog.Description className="text-sm text-ink-muted">Each draft gets its source's default title, description, link and image; edit them before publishing.</Dialog.Description>
          <form
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (ready) create.mutate();
            }}
          >
            <fieldset className="space-y-2">
              <legend className="text-sm font-semibold">For</legend>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="drafts-scope" checked={scope === 'without-pin'} onChange={() => setScope('without-pin')} className="accent-brand-700" />
                Every product and post without a pin yet
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="drafts-scope" checked={scope === 'category'} onChange={() => setScope('category')} className="accent-brand-700" />
                Every product of a category
              </label>
            </fieldset>
            {scope === 'category' && (
              <div className="space-y-1">
                <label htmlFor={categoryField} className={ui.label}>
                  Category
                </label>
                <select id={categoryField} value={categoryId} onChange={(event) => setCategoryId(event.target.value)} className={ui.input}>
                  <option value="">Choose a category…</option>
                  {categories.data?.categories.map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.name}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {boards.length > 0 && (
              <div className="space-y-1">
                <label htmlFor={boardField} className={ui.label}>
                  Board (optional)
                </label>
                <select id={boardField} value={boardId} onChange={(event) => setBoardId(event.target.value)} className={ui.input}>
                  <option value="">No board yet</option>
                  {boards.map((candidate) => (
                    <option key={candidate.id} value={candidate.id}>
                      {candidate.name}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <button type="submit" className={ui.primaryButton} disabled={!ready || create.isPending} aria-busy={create.isPending || undefined}>
              {create.isPending ? 'Creating…' : 'Create drafts'}
            </button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
