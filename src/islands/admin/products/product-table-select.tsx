/**
 * The Manage screen's selection column: a checkbox per row and one in the header for the whole page (mixed when only
 * some are selected). While "all matching" is chosen every box shows checked and waits for "Clear selection".
 */
import { Checkbox } from '../ui/Checkbox.tsx';
import { productColumn, type ProductColumn } from './product-table-columns.tsx';
import { productDisplayName } from '../../../domain/admin/needs-review.ts';

export function selectColumn(allMatching: boolean): ProductColumn {
  return productColumn.display({
    id: 'select',
    header: ({ table }) => (
      <Checkbox
        aria-label="Select all products on this page"
        checked={allMatching || (table.getRowModel().rows.length > 0 && table.getIsAllPageRowsSelected())}
        indeterminate={!allMatching && table.getIsSomePageRowsSelected()}
        disabled={allMatching}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <Checkbox
        aria-label={`Select ${productDisplayName(row.original.name)}`}
        checked={allMatching || row.getIsSelected()}
        disabled={allMatching}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
  });
}
