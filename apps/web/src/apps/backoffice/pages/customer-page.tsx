import { Box, Button, Container, Grid, Link, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import type { BoCustomer } from '@portal/contracts';
import { useFormatMoney } from '../../../shared/format/money';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useCustomer } from '../api/customers';
import { formatDateTime } from '../components/format-date';
import { PageHeader } from '../components/page-header';
import { LoadError } from '../components/load-error';
import { StatusChip } from '../components/status-chip';

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-labelledby={id}>
      <Typography variant="h4" component="h2" id={id} gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function CustomerView({ customer }: { customer: BoCustomer }) {
  const money = useFormatMoney();
  return (
    <>
      <PageHeader
        title={customer.name || customer.email}
        subtitle={`${customer.email} · joined ${formatDateTime(customer.created_at)}`}
      />
      <Stack direction="row" spacing={3} sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap data-testid="customer-totals">
        <Typography>
          <strong>{customer.orders_count}</strong> paid orders
        </Typography>
        <Typography>
          <strong>{money(customer.total_spent)}</strong> spent
        </Typography>
        <Typography>Last order: {formatDateTime(customer.last_order_at)}</Typography>
      </Stack>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Section id="customer-orders-title" title="Orders">
            {customer.orders.length === 0 ? (
              <Typography color="text.secondary">No orders.</Typography>
            ) : (
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {customer.orders.map((order, index) => (
                  <Stack
                    key={order.id}
                    component="li"
                    direction="row"
                    spacing={1}
                    useFlexGap
                    sx={{ py: 1, borderTop: index ? 1 : 0, borderColor: 'divider', alignItems: 'center', flexWrap: 'wrap' }}
                    data-testid="customer-order"
                  >
                    <Link component={RouterLink} to={`/backoffice/orders/${order.id}`} sx={{ fontWeight: 600 }}>
                      {order.order_number}
                    </Link>
                    <StatusChip status={order.status} />
                    <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
                      {formatDateTime(order.created_at)} · {order.items_count} {order.items_count === 1 ? 'item' : 'items'}
                    </Typography>
                    <Typography sx={{ fontWeight: 600 }}>{money(order.order_total)}</Typography>
                  </Stack>
                ))}
              </Box>
            )}
            {customer.orders.length > 0 && (
              <Button
                component={RouterLink}
                to={`/backoffice/orders?search=${encodeURIComponent(customer.email)}`}
                sx={{ mt: 1 }}
              >
                All their orders
              </Button>
            )}
          </Section>
          <Section id="customer-notes-title" title="Notes">
            {customer.notes.length === 0 ? (
              <Typography color="text.secondary">No notes on their orders.</Typography>
            ) : (
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {customer.notes.map((note, index) => (
                  <Box
                    component="li"
                    key={index}
                    sx={{ py: 1, borderTop: index ? 1 : 0, borderColor: 'divider' }}
                    data-testid="customer-note"
                  >
                    <Typography variant="body2" color="text.secondary">
                      <Link component={RouterLink} to={`/backoffice/orders/${note.order_id}`}>
                        {note.order_number}
                      </Link>
                      {` · ${formatDateTime(note.created_at)}${note.actor ? ` · ${note.actor}` : ''}`}
                    </Typography>
                    <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{note.body}</Typography>
                  </Box>
                ))}
              </Box>
            )}
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Section id="customer-addresses-title" title="Addresses">
            {customer.addresses.length === 0 ? (
              <Typography color="text.secondary">No saved address.</Typography>
            ) : (
              customer.addresses.map((address) => (
                <Box key={address.kind} sx={{ mb: 1.5 }}>
                  <Typography variant="subtitle2" component="h3">
                    {address.kind === 'billing' ? 'Billing address' : 'Delivery address'}
                  </Typography>
                  <Typography sx={{ whiteSpace: 'pre-line' }}>{address.lines.join('\n')}</Typography>
                </Box>
              ))
            )}
          </Section>
        </Grid>
      </Grid>
    </>
  );
}

/** Issue 28: one customer: what they bought and spent, their addresses and the notes on their orders. */
export default function CustomerPage() {
  const { id } = useParams();
  const customer = useCustomer(Number(id));
  if (customer.isPending) return <PageLoader label="Loading the customer" />;
  if (customer.isError) {
    return (
      <LoadError
        error={customer.error}
        what="customer"
        id={id}
        back={{ to: '/backoffice/customers', label: 'Back to the customers' }}
      />
    );
  }
  return (
    <Container maxWidth="lg">
      <CustomerView customer={customer.data} />
    </Container>
  );
}
