/** New category (spec section 5): name required and trimmed, slug by lowercasing and hyphenating; the spec's toasts. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { blankCategoryForm, categoryFormSchema, categoryTexts, createdCategoryText, type CategoryUpdate, type CategoryForm } from '../../../domain/admin/categories.ts';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { ui } from '../../ui.ts';
import { toastApiError } from '../api.ts';
import { useMutation, useQueryClient } from '../query.ts';
import { categoriesApi, categoryKeys } from './categories-api.ts';
import { CategoryFields } from './CategoryFields.tsx';

export function CreateCategoryForm() {
  const queryClient = useQueryClient();
  const form = useForm<CategoryForm, unknown, CategoryUpdate>({ resolver: zodResolver(categoryFormSchema), defaultValues: blankCategoryForm, mode: 'onTouched' });
  const create = useMutation({
    mutationFn: categoriesApi.create,
    onSuccess: (category) => {
      void queryClient.invalidateQueries({ queryKey: categoryKeys.all });
      form.reset(blankCategoryForm);
      form.setFocus('name');
      toast({ title: categoryTexts.created, description: createdCategoryText(category), variant: 'success' });
    },
    onError: (error) => {
      // A duplicate is the name's fault: say so beside the field as well as in the toast.
      if (error instanceof ApiError && error.status === 409) form.setError('name', { message: error.description }, { shouldFocus: true });
      toastApiError(error, categoryTexts.createFailed);
    },
  });

  return (
    <form noValidate aria-labelledby="new-category-heading" className={`${ui.card} space-y-4 p-5`} onSubmit={form.handleSubmit((input) => create.mutate(input))}>
      <h2 id="new-category-heading" className="text-lg font-bold">
        New category
      </h2>
      <CategoryFields form={form} />
      <button type="submit" className={ui.primaryButton} disabled={create.isPending}>
        {create.isPending ? 'Creating…' : 'Create category'}
      </button>
    </form>
  );
}
