import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Avatar, Box, Button, Chip, Container, FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { BoProductRow } from '@portal/contracts';
import { Money } from '../../../shared/format/money-text';
import { useListPage } from '../api/list-page';
import { CategorySelect } from '../components/category-select';
import { ExportButton } from '../components/export-button';
import { formatDateTime } from '../components/format-date';
import { PageHeader } from '../components/page-header';
import { withFilter, type GridQueryOptions } from '../grid/grid-query';
import { productCategoryColumn, productNameColumn } from '../grid/product-columns';
import { ServerGrid } from '../grid/server-grid';
import { useGridQuery } from '../grid/use-grid-query';
import { ImportDialog } from '../products/import-dialog';

const OPTIONS: GridQueryOptions = {
  sortable: ['name', 'price', 'stock', 'created_at', 'updated_at'],
  filterKeys: ['category_id', 'is_available', 'low_stock', 'hidden', 'status'],
  defaultSort: { field: 'created_at', direction: 'desc' },
};

const COLUMNS: GridColDef<BoProductRow>[] = [
  {
    field: 'image',
    headerName: 'Picture',
    width: 80,
    sortable: false,
    filterable: false,
    renderCell: ({ row }) => (
      <Avatar variant="rounded" src={row.image ?? undefined} alt="" sx={{ width: 40, height: 40, my: 0.5 }}>
        {row.name.slice(0, 1)}
      </Avatar>
    ),
  },
  productNameColumn('Name'),
  productCategoryColumn,
  {
    field: 'price',
    headerName: 'Price',
    width: 110,
    align: 'right',
    headerAlign: 'right',
    filterable: false,
    renderCell: ({ value }: { value?: string }) => <Money value={value ?? '0'} />,
  },
  { field: 'stock', headerName: 'Stock', type: 'number', width: 90, filterable: false },
  {
    field: 'is_available',
    headerName: 'On sale',
    type: 'boolean',
    width: 100,
    sortable: false,
  },
  {
    field: 'hidden',
    headerName: 'State',
    width: 110,
    sortable: false,
    filterable: false,
    // Issue 25: a draft or archived product is not in the shop.
    renderCell: ({ row }) =>
      row.hidden ? (
        <Chip size="small" label="Hidden" />
      ) : row.status !== 'active' ? (
        <Chip
          size="small"
          variant="outlined"
          label={row.status === 'draft' ? 'Draft' : 'Archived'}
          data-testid="product-status-chip"
        />
      ) : null,
  },
  {
    field: 'updated_at',
    headerName: 'Updated',
    width: 170,
    filterable: false,
    valueFormatter: (value: string) => formatDateTime(value),
  },
];

export default function ProductsPage() {
  const [query, setQuery] = useGridQuery(OPTIONS);
  const products = useListPage<BoProductRow>('products', query);
  const [importing, setImporting] = useState(false);
  return (
    <Container maxWidth="xl">
      <PageHeader
        title="Products"
        subtitle="Everything the shop sells. Changes to active products are live in the shop at once; drafts wait until you publish them."
        actions={
          <>
            <ExportButton what="products" />
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
              Import products
            </Button>
            <Button
              component={RouterLink}
              to="/backoffice/products/new"
              variant="contained"
              startIcon={<AddIcon />}
              data-testid="new-product"
            >
              New product
            </Button>
          </>
        }
      />
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
      <ServerGrid
        label="Products"
        searchLabel="Search products"
        columns={COLUMNS}
        query={query}
        onQueryChange={setQuery}
        options={OPTIONS}
        result={products}
        getRowClassName={({ row }) => (row.hidden ? 'row--muted' : row.low_stock ? 'row--low' : '')}
        emptyText={query.search ? `No product matches “${query.search}”.` : 'No products here yet.'}
        testId="products-grid"
        toolbar={
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <CategorySelect
              value={query.filters.category_id ?? ''}
              onChange={(value) => setQuery(withFilter(query, 'category_id', value || null))}
              allLabel="All categories"
            />
            <TextField
              select
              size="small"
              label="Status"
              value={query.filters.status ?? ''}
              onChange={(event) => setQuery(withFilter(query, 'status', event.target.value || null))}
              sx={{ minWidth: 150 }}
              slotProps={{ select: { displayEmpty: true } as object, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">Any status</MenuItem>
              <MenuItem value="draft">Drafts</MenuItem>
              <MenuItem value="active">Active</MenuItem>
              <MenuItem value="archived">Archived</MenuItem>
            </TextField>
            <FormControlLabel
              control={
                <Switch
                  checked={query.filters.hidden === 'true'}
                  onChange={(event) => setQuery(withFilter(query, 'hidden', event.target.checked ? 'true' : null))}
                />
              }
              label="Hidden only"
            />
          </Box>
        }
      />
    </Container>
  );
}
