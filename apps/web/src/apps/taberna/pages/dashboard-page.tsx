import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { Alert, Box, Button, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useOrders } from '../api/get-orders';
import { OrderCard } from '../components/order-card';
import { ShopEmptyPage } from '../components/shop-empty-page';

export default function DashboardPage() {
  const orders = useOrders();
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
      <ShopEmptyPage icon={<ReceiptLongIcon />} title="You have no orders yet">
        Orders you place and pay for show here, with their lines, totals and payment.
      </ShopEmptyPage>
    );
  }
  return (
    <Container maxWidth="md">
      <Typography variant="h1" sx={{ mb: 3 }}>
        Your orders
      </Typography>
      <Stack spacing={3}>
        {list.map((order) => (
          <OrderCard key={order.id} order={order} />
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
