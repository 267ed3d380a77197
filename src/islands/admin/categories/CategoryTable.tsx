/**
 * Every category by name (uncategorized last) with its slug, product counts and navigation place, and its Edit and
 * Delete actions. A delete says first how many products will move to Uncategorized.
 */
import { categoryTexts, deleteConsequenceText, deletedCategoryText, isUncategorized, type AdminCategory } from '../../../domain/admin/categories.ts';
import { toast } from '../../../lib/toast.ts';
import { ui } from '../../ui.ts';
import { toastApiError } from '../api.ts';
import { useMutation, useQueryClient } from '../query.ts';
import { ConfirmDialog, destructiveButton } from '../ui/ConfirmDialog.tsx';
import { categoriesApi, categoryKeys } from './categories-api.ts';
import { EditCategoryDialog } from './EditCategoryDialog.tsx';
import { tableScroll } from '../ui/dialog-frame.tsx';

function DeleteCategoryButton({ category }: { category: AdminCategory }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => categoriesApi.remove(category.id),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: categoryKeys.all });
      toast({ title: categoryTexts.deleted, description: deletedCategoryText(answer.deleted, answer.movedProducts), variant: 'success' });
    },
    onError: (error) => toastApiError(error, categoryTexts.deleteFailed),
  });
  return (
    <ConfirmDialog
      trigger={
        <button type="button" className={destructiveButton}>
          Delete<span className="sr-only"> {category.name}</span>
        </button>
      }
      title={`Delete "${category.name}"?`}
      description={deleteConsequenceText(category.productCount)}
      confirmLabel="Delete category"
      onConfirm={() => remove.mutateAsync()}
    />
  );
}

const count = (value: number) => value.toLocaleString('en-US');

export function CategoryTable({ categories }: { categories: readonly AdminCategory[] }) {
  return (
    <section aria-labelledby="all-categories-heading" className="space-y-3">
      <h2 id="all-categories-heading" className="text-lg font-bold">
        All categories <span className="text-base font-normal text-ink-muted">({categories.length})</span>
      </h2>
      <div className={`${ui.card} ${tableScroll}`}>
        <table className="w-full text-left text-sm">
          <thead className="border-b border-line bg-muted/50 text-ink-muted">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Name
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Slug
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Products
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                In navigation
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {categories.map((category) => (
              <tr key={category.id}>
                <th scope="row" className="px-4 py-3 align-top font-semibold text-ink">
                  {category.name}
                  {category.description && <p className="mt-0.5 max-w-md text-xs font-normal text-ink-muted">{category.description}</p>}
                </th>
                <td className="px-4 py-3 align-top">
                  <code className="text-xs">{category.slug}</code>
                </td>
                <td className="px-4 py-3 text-right align-top whitespace-nowrap">
                  {count(category.productCount)}
                  <span className="block text-xs text-ink-muted">{count(category.publicProductCount)} in the catalogue</span>
                </td>
                <td className="px-4 py-3 align-top">
                  {category.showInNavigation && !isUncategorized(category) ? 'Yes' : 'No'}
                  {isUncategorized(category) && <span className="block text-xs text-ink-muted">Never shown: the default category</span>}
                </td>
                <td className="px-4 py-3 align-top">
                  <div className="flex justify-end gap-2">
                    <EditCategoryDialog category={category} />
                    {isUncategorized(category) ? null : <DeleteCategoryButton category={category} />}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
