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
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className={`${ui.card} fixed top-1/2 left-1/2 z-50 max-h-[calc(100svh-2rem)] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 space-y-4 overflow-y-auto p-6`}
        >
          <Dialog.Title className="text-lg font-bold text-ink">Edit &ldquo;{category.name}&rdquo;</Dialog.Title>
          {/* Mounted only while open, so every opening starts from the saved values. */}
          {open && <EditForm category={category} onDone={() => setOpen(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
