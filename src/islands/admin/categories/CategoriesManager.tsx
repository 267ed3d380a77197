/**
 * The categories manager (issue 10, point 5): a new-category form, the header navigation's order, and every category
 * by name with its product counts, edit and delete. Reads and writes /api/admin/categories.
 */
import { useQuery } from '../query.ts';
import { categoriesApi, categoryKeys } from './categories-api.ts';
import { CategoryTable } from './CategoryTable.tsx';
import { CreateCategoryForm } from './CreateCategoryForm.tsx';
import { NavigationOrder } from './NavigationOrder.tsx';

export default function CategoriesManager() {
  const list = useQuery({ queryKey: categoryKeys.all, queryFn: categoriesApi.list });
  if (list.isPending) return <p role="status">Loading…</p>;
  if (list.isError) {
    return (
      <p role="alert" className="text-ink-muted">
        The categories could not be loaded. {list.error.message}
      </p>
    );
  }
  const { categories } = list.data;
  return (
    <div className="space-y-8">
      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-2">
        <CreateCategoryForm />
        <NavigationOrder categories={categories} />
      </div>
      <CategoryTable categories={categories} />
    </div>
  );
}
