import { Button, Dialog, DialogActions, DialogContent, DialogTitle, useMediaQuery, useTheme } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useId, useState } from 'react';
import type { BoLedgerRow } from '@portal/contracts';
import { useListPage } from '../api/list-page';
import { DEFAULT_PAGE_SIZE, type GridQuery, type GridQueryOptions } from '../grid/grid-query';
import { ServerGrid } from '../grid/server-grid';
import { formatDateTime } from './format-date';

const OPTIONS: GridQueryOptions = {
  sortable: ['created_at', 'delta', 'stock_after'],
  filterKeys: ['kind'],
  defaultSort: { field: 'created_at', direction: 'desc' },
};

const KINDS = ['adjustment', 'correction', 'reservation', 'release'];

const COLUMNS: GridColDef<BoLedgerRow>[] = [
  {
    field: 'created_at',
    headerName: 'When',
    width: 170,
    filterable: false,
    valueFormatter: (value: string) => formatDateTime(value),
  },
  {
    field: 'delta',
    headerName: 'Change',
    type: 'number',
    width: 90,
    filterable: false,
    valueFormatter: (value: number) => (value > 0 ? `+${value}` : String(value)),
  },
  // Issue 25: which variant changed, and its stock after beside the product's.
  {
    field: 'variant',
    headerName: 'Variant',
    width: 140,
    sortable: false,
    filterable: false,
    valueGetter: (_, row) => row.variant ?? '—',
  },
  { field: 'variant_stock_after', headerName: 'Variant after', type: 'number', width: 110, sortable: false, filterable: false },
  { field: 'stock_after', headerName: 'Product after', type: 'number', width: 110, filterable: false },
  { field: 'kind', headerName: 'Kind', type: 'singleSelect', valueOptions: KINDS, width: 120, sortable: false },
  { field: 'reason', headerName: 'Reason', flex: 1, minWidth: 180, sortable: false, filterable: false },
  {
    field: 'actor',
    headerName: 'Who',
    width: 200,
    sortable: false,
    filterable: false,
    valueGetter: (_, row) => row.actor ?? (row.order_number ? `Order ${row.order_number}` : 'The shop'),
  },
];

/** Issue 15.4: every change of one product's stock (who, when, delta, reason, level after), newest first. */
export function LedgerDialog({ product, onClose }: { product: { id: number; name: string }; onClose(): void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [query, setQuery] = useState<GridQuery>({
    page: 0,
    pageSize: DEFAULT_PAGE_SIZE,
    sort: OPTIONS.defaultSort ?? null,
    search: '',
    filters: {},
  });
  const ledger = useListPage<BoLedgerRow>('stock', query, { product_id: String(product.id) });
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="lg"
      fullScreen={phone}
      aria-labelledby={titleId}
      data-testid="ledger-dialog"
    >
      <DialogTitle id={titleId}>Stock ledger: {product.name}</DialogTitle>
      <DialogContent>
        <ServerGrid
          label={`Stock ledger of ${product.name}`}
          searchLabel="Search reasons"
          columns={COLUMNS}
          query={query}
          onQueryChange={setQuery}
          options={OPTIONS}
          result={ledger}
          emptyText="No stock changes yet."
          testId="ledger-grid"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
