/**
 * The Manage screen's bulk actions on the selection: publish, unpublish, feature, unfeature, move to a category, mark
 * in or out of stock, delete. An action on more than one product asks first, naming the count and the change
 * ('Mark 92 products out of stock?'); one product changes at once. Everything is disabled while nothing is selected
 * or an action runs.
 */
import { useId, useState, type ReactNode } from 'react';
import { bulkActionLabels, bulkNeedsConfirmation, bulkQuestion, bulkWarning, type BulkAction } from '../../../domain/admin/product-bulk.ts';
import { productCountLabel } from '../../../domain/admin/product-list.ts';
import { ui } from '../../ui.ts';
import { categoriesApi, categoryKeys } from '../categories/categories-api.ts';
import { useQuery } from '../query.ts';
import { ConfirmDialog, destructiveButton } from '../ui/ConfirmDialog.tsx';

const simpleActions: BulkAction[] = ['publish', 'unpublish', 'feature', 'unfeature', 'in-stock', 'out-of-stock'];
const smallButton = `${ui.secondaryButton} h-9 px-3`;

export interface BulkActionBarProps {
  count: number;
  busy: boolean;
  /** Resolves when the action has answered (rejects on failure, keeping the delete dialog open). */
  onAction(action: BulkAction, categoryId?: number): Promise<unknown>;
  /** More actions on the selection that are not product writes (Manage's 'Check links'). */
  children?: ReactNode;
}

export default function BulkActionBar({ count, busy, onAction, children }: BulkActionBarProps) {
  const moveId = useId();
  const [categoryId, setCategoryId] = useState('');
  const categories = useQuery({ queryKey: categoryKeys.all, queryFn: categoriesApi.list });
  const [pending, setPending] = useState<{ action: BulkAction; categoryId?: number }>();
  const disabled = count === 0 || busy;
  const run = (action: BulkAction, category?: number) => {
    // A delete always asks, even for one product: it is the one action whose Undo lasts only a day.
    if (action === 'delete' || bulkNeedsConfirmation(count)) setPending({ action, categoryId: category });
    else void onAction(action, category).catch(() => undefined);
  };
  const categoryName = (id: number | undefined) => categories.data?.categories.find((category) => category.id === id)?.name ?? '';

  return (
    <div role="group" aria-label="Bulk actions" className={`${ui.card} flex flex-wrap items-center gap-2 p-3`}>
      <p className="mr-2 text-sm font-semibold" aria-live="polite">
        {count === 0 ? 'No products selected' : `${productCountLabel(count)} selected`}
      </p>
      {simpleActions.map((action) => (
        <button key={action} type="button" className={smallButton} disabled={disabled} onClick={() => run(action)}>
          {bulkActionLabels[action]}
        </button>
      ))}
      <div className="flex items-center gap-2">
        <label htmlFor={moveId} className="sr-only">
          Category to move to
        </label>
        <select id={moveId} value={categoryId} onChange={(event) => setCategoryId(event.target.value)} className={`${ui.input} h-9 w-48 text-sm`} disabled={disabled}>
          <option value="">Choose a category…</option>
          {categories.data?.categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
        <button type="button" className={smallButton} disabled={disabled || categoryId === ''} onClick={() => run('move', Number(categoryId))}>
          {bulkActionLabels.move}
        </button>
      </div>
      <button type="button" className={`${destructiveButton} h-9 px-3`} disabled={disabled} onClick={() => run('delete')}>
        {bulkActionLabels.delete}
      </button>
      <ConfirmDialog
        open={pending !== undefined}
        onOpenChange={(open) => {
          if (!open) setPending(undefined);
        }}
        title={pending ? bulkQuestion(pending.action, count, categoryName(pending.categoryId)) : ''}
        description={pending ? bulkWarning(pending.action) : ''}
        confirmLabel={pending ? bulkQuestion(pending.action, count, categoryName(pending.categoryId)).slice(0, -1) : ''}
        tone={pending?.action === 'delete' ? 'destructive' : 'default'}
        onConfirm={() => (pending ? onAction(pending.action, pending.categoryId) : undefined)}
      />
      {children}
    </div>
  );
}
