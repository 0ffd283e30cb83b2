import { Container, Link, Tab, Tabs } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { ORDER_STATUSES, type BoOrderRow, type OrderStatus } from '@portal/contracts';
import { Money } from '../../../shared/format/money-text';
import { useListPage } from '../api/list-page';
import { formatDateTime } from '../components/format-date';
import { ExportButton } from '../components/export-button';
import { PageHeader } from '../components/page-header';
import { STATUS_LABELS, StatusChip } from '../components/status-chip';
import { withFilter, type GridQueryOptions } from '../grid/grid-query';
import { ServerGrid } from '../grid/server-grid';
import { useGridQuery } from '../grid/use-grid-query';

const OPTIONS: GridQueryOptions = {
  sortable: ['created_at', 'order_total', 'order_number', 'status'],
  filterKeys: ['status'],
  defaultSort: { field: 'created_at', direction: 'desc' },
};

const COLUMNS: GridColDef<BoOrderRow>[] = [
  {
    field: 'order_number',
    headerName: 'Order',
    width: 150,
    filterable: false,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/backoffice/orders/${row.id}`} data-testid="order-link">
        {row.order_number}
      </Link>
    ),
  },
  {
    field: 'status',
    headerName: 'Status',
    width: 120,
    type: 'singleSelect',
    valueOptions: ORDER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
    renderCell: ({ row }) => <StatusChip status={row.status} />,
  },
  { field: 'email', headerName: 'Email', flex: 1, minWidth: 200, sortable: false, filterable: false },
  { field: 'full_name', headerName: 'Customer', width: 160, sortable: false, filterable: false },
  {
    field: 'order_total',
    headerName: 'Total',
    width: 110,
    align: 'right',
    headerAlign: 'right',
    filterable: false,
    renderCell: ({ value }: { value?: string }) => <Money value={value ?? '0'} />,
  },
  { field: 'items_count', headerName: 'Items', type: 'number', width: 80, sortable: false, filterable: false },
  {
    field: 'created_at',
    headerName: 'Placed',
    width: 170,
    filterable: false,
    valueFormatter: (value: string) => formatDateTime(value),
  },
];

export default function OrdersPage() {
  const [query, setQuery] = useGridQuery(OPTIONS);
  const orders = useListPage<BoOrderRow>('orders', query);
  const status = (query.filters.status ?? '') as OrderStatus | '';
  return (
    <Container maxWidth="xl">
      <PageHeader
        title="Orders"
        subtitle="Paid orders wait to be shipped. Open one to ship, deliver, cancel or refund it."
        actions={<ExportButton what="orders" filters={{ status }} />}
      />
      <Tabs
        value={status}
        onChange={(_, value: string) => setQuery(withFilter(query, 'status', value || null))}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Order status"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="" label="All" />
        {ORDER_STATUSES.map((value) => (
          <Tab key={value} value={value} label={STATUS_LABELS[value]} data-testid={`status-tab-${value}`} />
        ))}
      </Tabs>
      <ServerGrid
        label="Orders"
        searchLabel="Search by number or email"
        columns={COLUMNS}
        query={query}
        onQueryChange={setQuery}
        options={OPTIONS}
        result={orders}
        emptyText={
          query.search
            ? `No order matches “${query.search}”.`
            : status
              ? `No ${STATUS_LABELS[status].toLowerCase()} orders.`
              : 'No orders yet.'
        }
        testId="orders-grid"
      />
    </Container>
  );
}
