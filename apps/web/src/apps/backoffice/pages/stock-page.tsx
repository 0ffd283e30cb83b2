import HistoryIcon from '@mui/icons-material/History';
import RemoveShoppingCartIcon from '@mui/icons-material/RemoveShoppingCart';
import TuneIcon from '@mui/icons-material/Tune';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Button, Chip, Container, FormControlLabel, IconButton, Switch, TextField, Tooltip } from '@mui/material';
import type { GridColDef, GridRowSelectionModel } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { LOW_STOCK_THRESHOLD, type BoProductRow } from '@portal/contracts';
import { showAlert } from '../../../shared/alerts/alert-store';
import { useListPage } from '../api/list-page';
import { useBulkAdjustStock } from '../api/stock';
import { ConfirmDialog } from '../components/confirm-dialog';
import { errorText } from '../components/error-text';
import { LedgerDialog } from '../components/ledger-dialog';
import { PageHeader } from '../components/page-header';
import { withFilter, type GridQueryOptions } from '../grid/grid-query';
import { productCategoryColumn, productNameColumn } from '../grid/product-columns';
import { ServerGrid } from '../grid/server-grid';
import { useGridQuery } from '../grid/use-grid-query';
import { selectedIds } from '../grid/selection';

const OPTIONS: GridQueryOptions = {
  sortable: ['name', 'stock', 'updated_at'],
  filterKeys: ['low_stock', 'category_id'],
  defaultSort: { field: 'stock', direction: 'asc' },
};

const EMPTY_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

export default function StockPage() {
  const [query, setQuery] = useGridQuery(OPTIONS);
  const products = useListPage<BoProductRow>('products', query);
  const adjust = useBulkAdjustStock();
  const [selection, setSelection] = useState<GridRowSelectionModel>(EMPTY_SELECTION);
  const [adjusting, setAdjusting] = useState(false);
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const [ledgerOf, setLedgerOf] = useState<{ id: number; name: string } | null>(null);
  const ids = selectedIds(selection, products.data?.results.map((row) => row.id) ?? []);

  const columns = useMemo<GridColDef<BoProductRow>[]>(
    () => [
      productNameColumn('Product'),
      productCategoryColumn,
      { field: 'stock', headerName: 'In stock', type: 'number', width: 100, filterable: false },
      {
        field: 'low_stock',
        headerName: 'Level',
        width: 120,
        type: 'boolean',
        sortable: false,
        renderCell: ({ row }) =>
          row.stock === 0 ? (
            <Chip size="small" variant="outlined" icon={<RemoveShoppingCartIcon color="error" />} label="Out" />
          ) : row.low_stock ? (
            <Chip
              size="small"
              variant="outlined"
              icon={<WarningAmberIcon color="warning" />}
              label="Low"
              data-testid="low-stock"
            />
          ) : (
            <Chip size="small" variant="outlined" label="OK" />
          ),
      },
      {
        field: 'ledger',
        headerName: 'Ledger',
        width: 90,
        sortable: false,
        filterable: false,
        renderCell: ({ row }) => (
          <Tooltip title="Stock ledger">
            <IconButton aria-label={`Stock ledger of ${row.name}`} onClick={() => setLedgerOf({ id: row.id, name: row.name })}>
              <HistoryIcon />
            </IconButton>
          </Tooltip>
        ),
      },
    ],
    [],
  );

  const openAdjust = () => {
    adjust.reset();
    setDelta('');
    setReason('');
    setAdjusting(true);
  };
  const confirm = () => {
    const change = Number(delta);
    adjust.mutate(
      { items: ids.map((id) => ({ product_id: Number(id), delta: change })), reason },
      {
        onSuccess: ({ results }) => {
          showAlert(
            `Stock of ${results.length} ${results.length === 1 ? 'product' : 'products'} changed by ${change > 0 ? '+' : ''}${change}.`,
            'success',
          );
          setAdjusting(false);
          setSelection(EMPTY_SELECTION);
        },
      },
    );
  };

  return (
    <Container maxWidth="xl">
      <PageHeader
        title="Stock"
        subtitle={`Products at ${LOW_STOCK_THRESHOLD} or fewer are highlighted. Select rows to change their stock together; every change is in the ledger.`}
        actions={
          <Button
            variant="contained"
            startIcon={<TuneIcon />}
            disabled={ids.length === 0}
            onClick={openAdjust}
            data-testid="bulk-adjust"
          >
            Adjust {ids.length > 0 ? `${ids.length} selected` : 'selected'}
          </Button>
        }
      />
      <ServerGrid
        label="Stock levels"
        searchLabel="Search products"
        columns={columns}
        query={query}
        onQueryChange={setQuery}
        options={OPTIONS}
        result={products}
        getRowClassName={({ row }) => (row.low_stock ? 'row--low' : '')}
        emptyText={query.filters.low_stock ? 'No product is low on stock.' : 'No products yet.'}
        selection={{ model: selection, onChange: setSelection }}
        testId="stock-grid"
        toolbar={
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={query.filters.low_stock === 'true'}
                  onChange={(event) => setQuery(withFilter(query, 'low_stock', event.target.checked ? 'true' : null))}
                />
              }
              label="Low stock only"
            />
          </Box>
        }
      />
      <ConfirmDialog
        open={adjusting}
        title={`Adjust the stock of ${ids.length} ${ids.length === 1 ? 'product' : 'products'}`}
        text="Each selected product's stock changes by the same amount: a positive number adds (a delivery), a negative one takes away (breakage, a count). A product in several colours or sizes has its stock set per variant, on its page."
        confirmLabel="Adjust stock"
        pending={adjust.isPending}
        error={errorText(adjust.error)}
        onClose={() => setAdjusting(false)}
        onConfirm={confirm}
        testId="adjust-dialog"
      >
        <TextField
          label="Change (e.g. 10 or -2)"
          required
          value={delta}
          onChange={(event) => setDelta(event.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'adjust-delta' } }}
        />
        <TextField
          label="Reason"
          required
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'adjust-reason' } }}
        />
      </ConfirmDialog>
      {ledgerOf && <LedgerDialog product={ledgerOf} onClose={() => setLedgerOf(null)} />}
    </Container>
  );
}
