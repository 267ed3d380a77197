/**
 * Edit a category's name, description and navigation in a Radix dialog: focus moves into it, Escape closes it and
 * focus returns to the row's Edit button. The slug stays as it is; Uncategorized keeps its name.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { categoryFormFrom, categoryTexts, categoryFormSchema, isUncategorized, type AdminCategory, type CategoryForm, type CategoryUpdate } from '../../../domain/admin/categories.ts';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { ui } from '../../ui.ts';
import { toastApiError } from '../api.ts';
import { useMutation, useQueryClient } from '../query.ts';
import { categoriesApi, categoryKeys } from './categories-api.ts';
import { CategoryFields } from './CategoryFields.tsx';
import { dialogFrame, overlayClass } from '../ui/dialog-frame.tsx';

function EditForm({ category, onDone }: { category: AdminCategory; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<CategoryForm, unknown, CategoryUpdate>({ resolver: zodResolver(categoryFormSchema), defaultValues: categoryFormFrom(category), mode: 'onTouched' });
  const save = useMutation({
    mutationFn: (input: CategoryUpdate) => categoriesApi.update(category.id, input),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: categoryKeys.all });
      toast({ title: categoryTexts.updated, description: `"${saved.name}" is saved. ${categoryTexts.publicAfterRebuild}`, variant: 'success' });
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) form.setError('name', { message: error.description }, { shouldFocus: true });
      toastApiError(error, categoryTexts.updateFailed);
    },
  });

  return (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit((input) => save.mutate(input))}>
      <CategoryFields form={form} slug={category.slug} nameLocked={isUncategorized(category)} />
      <div className="flex justify-end gap-3">
        <Dialog.Close className={ui.secondaryButton} disabled={save.isPending}>
          Cancel
        </Dialog.Close>
        <button type="submit" className={ui.primaryButton} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save changes'}
        </button>
      </div>
    </form>
  );
}

export function EditCategoryDialog({ category }: { category: AdminCategory }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={ui.secondaryButton}>
        Edit<span className="sr-only"> {category.name}</span>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content
          aria-describedby={undefined}
          className={dialogFrame('md')}
        >
          <Dialog.Title className="text-lg font-bold text-ink">Edit &ldquo;{category.name}&rdquo;</Dialog.Title>
          {/* Mounted only while open, so every opening starts from the saved values. */}
          {open && <EditForm category={category} onDone={() => setOpen(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
