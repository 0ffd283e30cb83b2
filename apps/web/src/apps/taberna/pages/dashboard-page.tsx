import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ShieldIcon from '@mui/icons-material/Shield';
import { Alert, Box, Button, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useOrders } from '../api/get-orders';
import { OrderCard } from '../components/order-card';
import { ShopEmptyPage } from '../components/shop-empty-page';

/** Issue 26: downloading the member's data and deleting the account, from the shop's dashboard. */
function YourDataLink() {
  return (
    <Button startIcon={<ShieldIcon />} component={RouterLink} to="/taberna/dashboard/data" data-testid="your-data">
      Your data and account
    </Button>
  );
}

export default function DashboardPage() {
  const orders = useOrders();
  // Issue 28: the order email's "Download your invoice" link names the order.
  const [search] = useSearchParams();
  const invoiceOf = search.get('invoice');
  if (orders.isPending) return <PageLoader label="Loading your orders" />;
  if (orders.isError) {
    return (
      <Container maxWidth="md">
        <Alert severity="error">Your orders could not be loaded: {orders.error.message}</Alert>
      </Container>
    );
  }
  const list = orders.data.pages.flat();
  if (list.length === 0) {
    return (
      <>
        <ShopEmptyPage icon={<ReceiptLongIcon />} title="You have no orders yet">
          Orders you place and pay for show here, with their lines, totals and payment.
        </ShopEmptyPage>
        <Container maxWidth="md" sx={{ textAlign: 'center' }}>
          <YourDataLink />
        </Container>
      </>
    );
  }
  return (
    <Container maxWidth="md">
      <Stack direction="row" sx={{ mb: 3, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h1">Your orders</Typography>
        <YourDataLink />
      </Stack>
      <Stack spacing={3}>
        {list.map((order) => (
          <OrderCard key={order.id} order={order} focused={order.order_number === invoiceOf} />
        ))}
      </Stack>
      {orders.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', my: 3 }}>
          <Button
            variant="outlined"
            onClick={() => void orders.fetchNextPage()}
            disabled={orders.isFetchingNextPage}
            startIcon={orders.isFetchingNextPage ? <CircularProgress size={18} aria-hidden /> : undefined}
          >
            {orders.isFetchingNextPage ? 'Loading older orders…' : 'Show older orders'}
          </Button>
        </Box>
      )}
    </Container>
  );
}
