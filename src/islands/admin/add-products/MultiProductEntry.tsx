/** One compact Multi-Product entry, with its own Duplicate and Remove, and the reason it was not created if it failed. */
import { Copy, Trash2 } from 'lucide-react';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { MultiProductForm, MultiProductValues } from '../../../domain/admin/product-batch.ts';
import { productStatusLabels, productStatuses } from '../../../domain/admin/product-form.ts';
import { ui } from '../../ui.ts';
import { CategorySelect } from '../products/product-form-category.tsx';
import { Field, inputProps } from '../ui/Field.tsx';

export interface MultiProductEntryProps {
  index: number;
  form: UseFormReturn<MultiProductValues, unknown, MultiProductForm>;
  failure: string | undefined;
  canRemove: boolean;
  onDuplicate: () => void;
  onRemove: () => void;
}

export function MultiProductEntry({ index, form, failure, canRemove, onDuplicate, onRemove }: MultiProductEntryProps) {
  const errors = form.formState.errors.entries?.[index];
  const label = `Product ${index + 1}`;
  const titleId = useId();
  const field = <K extends 'name' | 'affiliateUrl' | 'price' | 'categoryId' | 'imageUrl' | 'status'>(name: K, ids: { id: string; describedBy: string | undefined }) =>
    inputProps(form.register(`entries.${index}.${name}`), ids, errors?.[name]?.message);

  return (
    <li>
      {/* Named by its title rather than a <legend>, so the Duplicate and Remove buttons can sit beside the title. */}
      <fieldset aria-labelledby={titleId} className={`${ui.card} p-4`}>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <span id={titleId} className="text-base font-bold text-ink">
            {label}
          </span>
          <div className="flex gap-2">
            <button type="button" className={ui.secondaryButton} aria-label={`Duplicate product ${index + 1}`} onClick={onDuplicate}>
              <Copy aria-hidden="true" className="size-4" /> Duplicate
            </button>
            <button type="button" className={ui.secondaryButton} aria-label={`Remove product ${index + 1}`} onClick={onRemove} disabled={!canRemove}>
              <Trash2 aria-hidden="true" className="size-4" /> Remove
            </button>
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Field label="Name (required)" error={errors?.name?.message}>
            {(ids) => <input type="text" autoComplete="off" className={ui.input} {...field('name', ids)} />}
          </Field>
          <Field label="Affiliate URL (required)" error={errors?.affiliateUrl?.message}>
            {(ids) => <input type="url" inputMode="url" autoComplete="off" placeholder="https://" className={ui.input} {...field('affiliateUrl', ids)} />}
          </Field>
          <Field label="Price ($)" error={errors?.price?.message}>
            {(ids) => <input type="number" inputMode="decimal" min={0} step={0.01} className={ui.input} {...field('price', ids)} />}
          </Field>
          <Field label="Category" error={errors?.categoryId?.message}>
            {(ids) => <CategorySelect {...field('categoryId', ids)} />}
          </Field>
          <Field label="Image URL" error={errors?.imageUrl?.message}>
            {(ids) => <input type="url" inputMode="url" autoComplete="off" placeholder="https://" className={ui.input} {...field('imageUrl', ids)} />}
          </Field>
          <Field label="Status" error={errors?.status?.message}>
            {(ids) => (
              <select className={ui.input} {...field('status', ids)}>
                {productStatuses.map((status) => (
                  <option key={status} value={status}>
                    {productStatusLabels[status]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        {failure && (
          <p role="alert" className="mt-3 text-sm font-medium text-sale">
            Not created: {failure}
          </p>
        )}
      </fieldset>
    </li>
  );
}
