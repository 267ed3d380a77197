/** The category picker of the product forms: the categories from GET /api/admin/categories, blank for the default. */
import type { SelectHTMLAttributes } from 'react';
import { ui } from '../../ui.ts';
import { categoriesApi, categoryKeys } from '../categories/categories-api.ts';
import { useQuery } from '../query.ts';

export function useAdminCategories() {
  return useQuery({ queryKey: categoryKeys.all, queryFn: categoriesApi.list });
}

/** A <select> whose value is a category id as text; '' puts the product in Uncategorized. */
export function CategorySelect(props: SelectHTMLAttributes<HTMLSelectElement>) {
  const list = useAdminCategories();
  if (list.isPending || list.isError) {
    return (
      <select {...props} className={ui.input} disabled>
        <option value="">{list.isPending ? 'Loading…' : 'Categories could not be loaded'}</option>
      </select>
    );
  }
  return (
    <select {...props} className={ui.input}>
      <option value="">No category (Uncategorized)</option>
      {list.data.categories.map((category) => (
        <option key={category.id} value={String(category.id)}>
          {category.name}
        </option>
      ))}
    </select>
  );
}
