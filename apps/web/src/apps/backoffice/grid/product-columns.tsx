import { Link } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import type { BoProductRow } from '@portal/contracts';

/** A product's name, linked to its editor: the products and stock grids both lead with it. */
export function productNameColumn(headerName: string): GridColDef<BoProductRow> {
  return {
    field: 'name',
    headerName,
    flex: 1,
    minWidth: 200,
    filterable: false,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/backoffice/products/${row.id}`} data-testid="product-link">
        {row.name}
      </Link>
    ),
  };
}

/** The product's category by name (filtered with the grid's category menu, not the column). */
export const productCategoryColumn: GridColDef<BoProductRow> = {
  field: 'category',
  headerName: 'Category',
  width: 150,
  sortable: false,
  filterable: false,
  valueGetter: (_, row) => row.category.name,
};
