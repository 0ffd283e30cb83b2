import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Alert, Box, Button, Container, Link, Stack } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageLoader } from '../../../shared/ui/page-loader';
import { reportPaymentSuccess } from '../api/payment-success';
import { cartRootKey, ordersKey, paymentSuccessKey } from '../api/query-keys';
import { ShopEmptyPage } from '../components/shop-empty-page';

/** Spec §4: back from the payment page, the outcome is posted with the session id, then the cart reloads. */
export default function SuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const queryClient = useQueryClient();
  const outcome = useQuery({
    queryKey: paymentSuccessKey(sessionId),
    queryFn: () => reportPaymentSuccess(sessionId),
    enabled: sessionId !== '',
    retry: false,
    staleTime: Infinity,
  });
  const settled = outcome.isSuccess || outcome.isError;
  useEffect(() => {
    if (settled) {
      void queryClient.invalidateQueries({ queryKey: cartRootKey });
      void queryClient.invalidateQueries({ queryKey: ordersKey });
    }
  }, [settled, queryClient]);

  if (!sessionId) {
    return (
      <ShopEmptyPage icon={<TaskAltIcon />} title="No payment to confirm">
        This page confirms a payment when you come back from the checkout. There is no payment to show now.
      </ShopEmptyPage>
    );
  }
  if (outcome.isPending) return <PageLoader label="Confirming your payment" />;
  if (outcome.isError) {
    return (
      <Container maxWidth="sm">
        <Stack spacing={2} sx={{ py: 6 }}>
          <Alert severity="error" data-testid="payment-not-confirmed">
            We could not confirm this payment: {outcome.error.message}
          </Alert>
          <Button component={RouterLink} to="/taberna/cart" variant="contained">
            Back to the cart
          </Button>
        </Stack>
      </Container>
    );
  }
  return (
    <Box data-testid="payment-success">
      <ShopEmptyPage icon={<TaskAltIcon />} title="Thank you for your order!">
        Your payment went through. Your order number is <strong data-testid="order-number">{outcome.data.order_number}</strong>; a
        confirmation is on its way to your email. You can follow your orders in the{' '}
        <Link component={RouterLink} to="/taberna/dashboard" underline="always">
          dashboard
        </Link>
        .
      </ShopEmptyPage>
    </Box>
  );
}
