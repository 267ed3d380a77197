/**
 * The fields the create form and the edit dialog share: name, description and show in navigation, each labelled,
 * described and marked invalid for screen readers.
 */
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { CATEGORY_DESCRIPTION_MAX, CATEGORY_NAME_MAX, categorySlug, type CategoryForm, type CategoryUpdate } from '../../../domain/admin/categories.ts';
import { ui } from '../../ui.ts';
import { Field, inputProps } from '../ui/Field.tsx';

interface Props {
  form: UseFormReturn<CategoryForm, unknown, CategoryUpdate>;
  /** The slug the category keeps; without it (a new category) the slug the name will make is shown. */
  slug?: string;
  /** Uncategorized keeps its name. */
  nameLocked?: boolean;
}

export function CategoryFields({ form, slug, nameLocked = false }: Props) {
  const errors = form.formState.errors;
  const name = form.watch('name');
  const navigationHintId = useId();
  const preview = categorySlug(name ?? '');
  const nameHint = nameLocked
    ? 'Uncategorized is the default category: its name cannot be changed.'
    : slug
      ? `Web address: /products?category=${slug} (kept when you rename).`
      : `Web address: ${preview ? `/products?category=${preview}` : 'made from the name'}.`;

  return (
    <>
      <Field label="Name" error={errors.name?.message} hint={nameHint}>
        {(ids) => (
          <input
            type="text"
            autoComplete="off"
            maxLength={CATEGORY_NAME_MAX + 20}
            readOnly={nameLocked}
            className={`${ui.input} read-only:bg-muted`}
            {...inputProps(form.register('name'), ids, errors.name?.message)}
          />
        )}
      </Field>
      <Field label="Description" error={errors.description?.message} hint="Optional. Plain text, up to 500 characters.">
        {(ids) => (
          <textarea
            rows={3}
            maxLength={CATEGORY_DESCRIPTION_MAX + 50}
            className={`${ui.input} h-auto py-2`}
            {...inputProps(form.register('description'), ids, errors.description?.message)}
          />
        )}
      </Field>
      <div className="space-y-1">
        <label className="flex items-center gap-2 text-sm font-semibold text-ink">
          <input type="checkbox" className="size-4 accent-brand-700" aria-describedby={navigationHintId} {...form.register('showInNavigation')} />
          Show in navigation
        </label>
        <p id={navigationHintId} className="text-sm text-ink-muted">
          Listed in the header&apos;s Browse Categories and on the home page, in the navigation order.
        </p>
      </div>
    </>
  );
}
