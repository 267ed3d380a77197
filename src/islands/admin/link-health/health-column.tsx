/** The health column of the Products and Manage tables (issue 13, point 3); its badge opens the product's checks. */
import { productColumn, type ProductColumn } from '../products/product-table-columns.tsx';
import { HealthCell } from './LinkHealthDialog.tsx';

export const healthColumn: ProductColumn = productColumn.accessor('health', {
  id: 'health',
  header: 'Link health',
  enableSorting: false,
  cell: ({ row }) => <HealthCell row={row.original} />,
});
