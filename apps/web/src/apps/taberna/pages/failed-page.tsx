import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import { Alert, Button, Container, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useIsLoggedIn } from '../../../shared/auth/auth-store';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageLoader } from '../../../shared/ui/page-loader';
import { reportPaymentFailed } from '../api/payment-failed';
import { cartRootKey, paymentFailedKey } from '../api/query-keys';
import { ShopEmptyPage } from '../components/shop-empty-page';

/** The payment did not go through: the unpaid order is cancelled (its products go back on sale); the cart stays. */
export default function FailedPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  const outcome = useQuery({
    queryKey: paymentFailedKey(sessionId),
    queryFn: () => reportPaymentFailed(sessionId),
    enabled: sessionId !== '' && loggedIn,
    retry: false,
    staleTime: Infinity,
  });
  const settled = outcome.isSuccess || outcome.isError;
  useEffect(() => {
    if (settled) void queryClient.invalidateQueries({ queryKey: cartRootKey });
  }, [settled, queryClient]);

  if (!sessionId) {
    return (
      <ShopEmptyPage icon={<ErrorOutlineIcon />} title="No payment to show">
        This page tells you when a payment did not go through. There is no payment to show now.
      </ShopEmptyPage>
    );
  }
  if (loggedIn && outcome.isPending) return <PageLoader label="Cancelling the unpaid order" />;
  return (
    <Container maxWidth="md" data-testid="payment-failed">
      <EmptyState
        icon={<ErrorOutlineIcon />}
        title="The payment did not go through"
        action={
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
            <Button component={RouterLink} to="/taberna/cart" variant="contained">
              Back to the cart
            </Button>
            <Button component={RouterLink} to="/taberna">
              Continue shopping
            </Button>
          </Stack>
        }
      >
        Nothing was charged. Your cart still holds your products, so you can try again whenever you like.
      </EmptyState>
      {outcome.isError && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          <Typography>{outcome.error.message}</Typography>
        </Alert>
      )}
    </Container>
  );
}
