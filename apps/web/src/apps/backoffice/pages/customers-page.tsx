import {
  Alert,
  Box,
  Button,
  Container,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { useCallback, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useFormatMoney } from '../../../shared/format/money';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useCustomers } from '../api/customers';
import { formatDateTime } from '../components/format-date';
import { ExportButton } from '../components/export-button';
import { PageHeader } from '../components/page-header';
import { SearchBox } from '../grid/search-box';

/** Issue 28: the shop's customers, newest first, searched by email or name, a page at a time. */
export default function CustomersPage() {
  const money = useFormatMoney();
  const [search, setSearch] = useState('');
  // The cursors of the pages before this one, so "Previous" goes back without counting.
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1) ?? '';
  const customers = useCustomers(search, cursor);
  const onSearch = useCallback((text: string) => {
    setSearch(text.trim());
    setCursors([]);
  }, []);
  const next = customers.data?.next ? (new URL(customers.data.next).searchParams.get('cursor') ?? '') : '';

  return (
    <Container maxWidth="lg">
      <PageHeader
        title="Customers"
        subtitle="Everyone with an account: their paid orders and what they spent."
        actions={<ExportButton what="customers" />}
      />
      <Box sx={{ mb: 2 }}>
        <SearchBox label="Search by email or name" value={search} onSearch={onSearch} />
      </Box>
      {customers.isPending ? (
        <PageLoader label="Loading the customers" />
      ) : customers.isError ? (
        <Alert severity="error">The customers could not be loaded: {customers.error.message}</Alert>
      ) : (
        <>
          <TableContainer component={Paper} variant="outlined" sx={{ opacity: customers.isPlaceholderData ? 0.6 : 1 }}>
            <Table size="small" aria-label="Customers">
              <TableHead>
                <TableRow>
                  <TableCell>Customer</TableCell>
                  <TableCell align="right">Orders</TableCell>
                  <TableCell align="right">Spent</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Last order</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {customers.data.results.map((customer) => (
                  <TableRow key={customer.id} hover data-testid="customer-row">
                    <TableCell sx={{ maxWidth: 0, width: '60%', overflowWrap: 'anywhere' }}>
                      <Link component={RouterLink} to={`/backoffice/customers/${customer.id}`}>
                        {customer.name || customer.email}
                      </Link>
                      <Box sx={{ color: 'text.secondary', fontSize: '0.85rem' }}>{customer.email}</Box>
                    </TableCell>
                    <TableCell align="right">{customer.orders_count}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {money(customer.total_spent)}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>
                      {formatDateTime(customer.last_order_at)}
                    </TableCell>
                  </TableRow>
                ))}
                {customers.data.results.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={4}>{search ? `No customer matches “${search}”.` : 'No customers yet.'}</TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
          <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
            <Button
              disabled={cursors.length === 0}
              onClick={() => setCursors((all) => all.slice(0, -1))}
              data-testid="customers-previous"
            >
              Previous
            </Button>
            <Button disabled={!next} onClick={() => setCursors((all) => [...all, next])} data-testid="customers-next">
              Next
            </Button>
          </Stack>
        </>
      )}
    </Container>
  );
}
