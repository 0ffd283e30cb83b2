import LockIcon from '@mui/icons-material/Lock';
import ShoppingCartCheckoutIcon from '@mui/icons-material/ShoppingCartCheckout';
import { Alert, Box, Button, CircularProgress, Container, Grid, Stack, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { showAlert } from '../../../shared/alerts/alert-store';
import { ApiError } from '../../../shared/api/api-client';
import { fieldErrorsOf } from '../../../shared/api/flatten-errors';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useBilling } from '../api/get-billing';
import { useCart } from '../api/get-cart';
import { usePlaceOrder } from '../api/place-order';
import { formatPhone } from '@portal/contracts';
import { BillingFields, EMPTY_BILLING, type BillingValues } from '../components/billing-form';
import { tidyPhone } from '../components/tidy-phone';
import { variationText } from '../components/cart-line';
import { CartSummary } from '../components/cart-summary';
import { formatMoney } from '../../../shared/format/money';
import { ShopEmptyPage } from '../components/shop-empty-page';

export default function CheckoutPage() {
  const billing = useBilling();
  if (billing.isPending) return <PageLoader label="Loading your details" />;
  // Without saved details (or if they cannot be loaded) the form simply starts empty.
  const saved = { ...EMPTY_BILLING, ...(billing.data ?? {}) };
  return <Checkout initial={{ ...saved, phone: formatPhone(saved.phone) }} />;
}

function Checkout({ initial }: { initial: BillingValues }) {
  const cart = useCart();
  const place = usePlaceOrder();
  const [values, setValues] = useState<BillingValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    place.mutate(values, {
      // Spec §4: the answer names the payment page; the browser goes there.
      onSuccess: ({ checkout_url }) => window.location.assign(checkout_url),
      onError: (error) => {
        if (!(error instanceof ApiError)) return showAlert(error.message, 'error');
        const body = error.body as { errors?: unknown } | null;
        setErrors(fieldErrorsOf(body?.errors));
        showAlert(error.messages, 'error');
      },
    });
  };

  if (cart.isPending) return <PageLoader label="Loading your cart" />;
  if (cart.isError) {
    return (
      <Container maxWidth="lg">
        <Alert severity="error">Your cart could not be loaded: {cart.error.message}</Alert>
      </Container>
    );
  }
  if (cart.data.cart_items.length === 0) {
    return (
      <ShopEmptyPage icon={<ShoppingCartCheckoutIcon />} title="Nothing to check out">
        Your cart is empty. Add products to the cart before checking out.
      </ShopEmptyPage>
    );
  }
  return (
    <Container maxWidth="lg">
      <Typography variant="h1" sx={{ mb: 3 }}>
        Checkout
      </Typography>
      <Grid container spacing={4} component="form" onSubmit={submit} noValidate aria-label="Checkout">
        <Grid size={{ xs: 12, md: 7 }}>
          <Typography variant="h2" sx={{ fontSize: '1.4rem', mb: 2 }}>
            Billing address
          </Typography>
          <BillingFields
            values={values}
            errors={errors}
            onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
            onBlur={(name, value) => {
              if (name !== 'phone') return;
              const { value: phone, error } = tidyPhone(value);
              setValues((current) => ({ ...current, phone }));
              setErrors(({ phone: _previous, ...others }) => (error ? { ...others, phone: error } : others));
            }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <CartSummary cart={cart.data} title="Your order">
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Order lines">
              {cart.data.cart_items.map((item) => (
                <Stack key={item.id} component="li" direction="row" spacing={1} sx={{ justifyContent: 'space-between', py: 0.5 }}>
                  <Typography variant="body2">
                    {item.quantity} × {item.product.name}
                    {item.variations.length > 0 && ` (${variationText(item)})`}
                  </Typography>
                  <Typography variant="body2">{formatMoney(item.sub_total)}</Typography>
                </Stack>
              ))}
            </Box>
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={place.isPending}
              startIcon={place.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <LockIcon />}
              data-testid="pay"
            >
              {place.isPending ? 'Opening the payment page…' : `Pay ${formatMoney(cart.data.grand_total)}`}
            </Button>
            <Typography variant="caption" color="text.secondary">
              The products are held for you while you pay.
            </Typography>
          </CartSummary>
        </Grid>
      </Grid>
    </Container>
  );
}
