/**
 * The Manage screen's bulk actions on the selection: publish, unpublish, feature, unfeature, move to a category, mark
 * in or out of stock, set the review's award or reviewer, delete. An action on more than one product asks first, naming the count and the change
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
import { STANDARD_AWARDS } from '../../../domain/editorial/types.ts';
import { useReviewerOptions } from './product-form-review.tsx';

/** What an action needs besides the selection: the category of a move, the award or reviewer to set; label names it. */
export interface BulkOption {
  categoryId?: number;
  award?: string;
  reviewerId?: number | null;
  label?: string;
}

/** The award select's value for 'remove the award', and the reviewer select's for 'no reviewer'. */
const NONE = '__none';

const simpleActions: BulkAction[] = ['publish', 'unpublish', 'feature', 'unfeature', 'in-stock', 'out-of-stock'];
const smallButton = `${ui.secondaryButton} h-9 px-3`;

export interface BulkActionBarProps {
  count: number;
  busy: boolean;
  /** Resolves when the action has answered (rejects on failure, keeping the delete dialog open). */
  onAction(action: BulkAction, option?: BulkOption): Promise<unknown>;
  /** More actions on the selection that are not product writes (Manage's 'Check links'). */
  children?: ReactNode;
}

export default function BulkActionBar({ count, busy, onAction, children }: BulkActionBarProps) {
  const moveId = useId();
  const awardId = useId();
  const reviewerId = useId();
  const [categoryId, setCategoryId] = useState('');
  const [award, setAward] = useState('');
  const [reviewer, setReviewer] = useState('');
  const categories = useQuery({ queryKey: categoryKeys.all, queryFn: categoriesApi.list });
  const reviewers = useReviewerOptions();
  const [pending, setPending] = useState<{ action: BulkAction; option?: BulkOption }>();
  const disabled = count === 0 || busy;
  const run = (action: BulkAction, option?: BulkOption) => {
    // A delete always asks, even for one product: it is the one action whose Undo lasts only a day.
    if (action === 'delete' || bulkNeedsConfirmation(count)) setPending({ action, option });
    else void onAction(action, option).catch(() => undefined);
  };
  const categoryName = (id: number | undefined) => categories.data?.categories.find((category) => category.id === id)?.name ?? '';
  const pendingLabel = (pending: { action: BulkAction; option?: BulkOption }) => (pending.action === 'move' ? categoryName(pending.option?.categoryId) : (pending.option?.label ?? ''));
  const reviewerOption = (): BulkOption => {
    if (reviewer === NONE) return { reviewerId: null, label: '' };
    const author = reviewers.data?.authors.find((candidate) => String(candidate.id) === reviewer);
    return { reviewerId: Number(reviewer), label: author?.name ?? '' };
  };

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
        <button type="button" className={smallButton} disabled={disabled || categoryId === ''} onClick={() => run('move', { categoryId: Number(categoryId) })}>
          {bulkActionLabels.move}
        </button>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={awardId} className="sr-only">
          Award to give
        </label>
        <select id={awardId} value={award} onChange={(event) => setAward(event.target.value)} className={`${ui.input} h-9 w-44 text-sm`} disabled={disabled}>
          <option value="">Choose an award…</option>
          {STANDARD_AWARDS.map((standard) => (
            <option key={standard} value={standard}>
              {standard}
            </option>
          ))}
          <option value={NONE}>No award</option>
        </select>
        <button
          type="button"
          className={smallButton}
          disabled={disabled || award === ''}
          onClick={() => run('award', award === NONE ? { award: '', label: '' } : { award, label: award })}
        >
          {bulkActionLabels.award}
        </button>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={reviewerId} className="sr-only">
          Reviewer to name
        </label>
        <select id={reviewerId} value={reviewer} onChange={(event) => setReviewer(event.target.value)} className={`${ui.input} h-9 w-44 text-sm`} disabled={disabled}>
          <option value="">{reviewers.isError ? 'Authors unavailable' : (reviewers.data?.authors.length ?? 0) === 0 ? 'No authors yet' : 'Choose a reviewer…'}</option>
          {reviewers.data?.authors.map((author) => (
            <option key={author.id} value={String(author.id)}>
              {author.name}
            </option>
          ))}
          <option value={NONE}>No reviewer</option>
        </select>
        <button type="button" className={smallButton} disabled={disabled || reviewer === ''} onClick={() => run('reviewer', reviewerOption())}>
          {bulkActionLabels.reviewer}
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
        title={pending ? bulkQuestion(pending.action, count, pendingLabel(pending)) : ''}
        description={pending ? bulkWarning(pending.action) : ''}
        confirmLabel={pending ? bulkQuestion(pending.action, count, pendingLabel(pending)).slice(0, -1) : ''}
        tone={pending?.action === 'delete' ? 'destructive' : 'default'}
        onConfirm={() => (pending ? onAction(pending.action, pending.option) : undefined)}
      />
      {children}
    </div>
  );
}
