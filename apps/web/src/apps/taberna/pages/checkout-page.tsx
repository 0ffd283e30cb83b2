import LockIcon from '@mui/icons-material/Lock';
import ShoppingCartCheckoutIcon from '@mui/icons-material/ShoppingCartCheckout';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Container,
  FormControlLabel,
  Grid,
  Stack,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import type { Country } from '@portal/contracts';
import { showAlert } from '../../../shared/alerts/alert-store';
import { ApiError } from '../../../shared/api/api-client';
import { fieldErrorsOf } from '../../../shared/api/flatten-errors';
import { useFormatMoney } from '../../../shared/format/money';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useBilling } from '../api/get-billing';
import { useCart, useDeliveredCart } from '../api/get-cart';
import { useShippingOptions } from '../api/get-shipping-options';
import { useCountries } from '../api/get-countries';
import { usePlaceOrder } from '../api/place-order';
import { billingRequest, checkoutErrors, initialCheckout, type CheckoutValues } from '../components/address-form';
import { AddressFields } from '../components/billing-form';
import { variationText } from '../components/cart-line';
import { CartSummary } from '../components/cart-summary';
import { DiscountField } from '../components/discount-field';
import { ShippingChoice } from '../components/shipping-choice';
import { ShopEmptyPage } from '../components/shop-empty-page';
import { tidyPhone } from '../components/tidy-phone';

export default function CheckoutPage() {
  const billing = useBilling();
  const countries = useCountries();
  if (billing.isPending || countries.isPending) return <PageLoader label="Loading your details" />;
  if (countries.isError) {
    return (
      <Container maxWidth="lg">
        <Alert severity="error">The checkout could not be loaded: {countries.error.message}</Alert>
      </Container>
    );
  }
  // Without saved details (or if they cannot be loaded) the form simply starts empty.
  return <Checkout initial={initialCheckout(billing.data, countries.data)} countries={countries.data} />;
}

/** The errors of one section of the form: the delivery address's are kept under `shipping.`. */
const sectionErrors = (errors: Record<string, string>, prefix: string) =>
  Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => (prefix ? key.startsWith(prefix) : !key.includes('.')))
      .map(([key, message]) => [key.slice(prefix.length), message]),
  );

function Checkout({ initial, countries }: { initial: CheckoutValues; countries: Country[] }) {
  const money = useFormatMoney();
  const cart = useCart();
  const place = usePlaceOrder();
  const [values, setValues] = useState<CheckoutValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Issue 28: the delivery country's shipping rates; the summary is priced for it and the rate chosen.
  const country = values.elsewhere ? values.shipping.country : values.billing.country;
  const options = useShippingOptions(country);
  const offered = options.data ?? [];
  const [rateId, setRateId] = useState<number | null>(null);
  const chosen = offered.some((option) => option.id === rateId) ? rateId : (offered[0]?.id ?? null);
  const priced = useDeliveredCart(country, options.isFetching ? null : chosen);

  const edit = (section: 'billing' | 'shipping') => (name: string, value: string) =>
    setValues((current) => ({ ...current, [section]: { ...current[section], [name]: value } }));
  /** The phone is read with the country of its address once the person leaves it. */
  const leave = (section: 'billing' | 'shipping') => (name: string, value: string) => {
    if (name !== 'phone') return;
    const key = section === 'billing' ? 'phone' : 'shipping.phone';
    const { value: phone, error } = tidyPhone(value, values[section].country || null);
    edit(section)('phone', phone);
    setErrors(({ [key]: _previous, ...others }) => (error ? { ...others, [key]: error } : others));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = checkoutErrors(values, countries);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return showAlert(Object.values(problems), 'error');
    place.mutate(
      { ...billingRequest(values, countries), shipping_rate_id: chosen },
      {
        // Spec §4: the answer names the payment page; the browser goes there.
        onSuccess: ({ checkout_url }) => window.location.assign(checkout_url),
        onError: (error) => {
          if (!(error instanceof ApiError)) return showAlert(error.message, 'error');
          const body = error.body as { errors?: unknown } | null;
          setErrors(fieldErrorsOf(body?.errors));
          showAlert(error.messages, 'error');
        },
      },
    );
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
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" variant="h2" sx={{ fontSize: '1.4rem', mb: 2 }}>
              Billing address
            </Typography>
            <AddressFields
              section="billing"
              billing
              values={values.billing}
              errors={sectionErrors(errors, '')}
              countries={countries}
              onChange={edit('billing')}
              onBlur={leave('billing')}
            />
          </Box>
          <FormControlLabel
            sx={{ mt: 2 }}
            control={
              <Checkbox
                checked={values.elsewhere}
                onChange={(event) => setValues((current) => ({ ...current, elsewhere: event.target.checked }))}
                data-testid="deliver-elsewhere"
              />
            }
            label="Deliver to a different address"
          />
          {values.elsewhere && (
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
              <Typography component="legend" variant="h2" sx={{ fontSize: '1.4rem', mb: 2 }}>
                Delivery address
              </Typography>
              {errors.shipping_address && (
                <Alert severity="error" sx={{ mb: 2 }}>
                  {errors.shipping_address}
                </Alert>
              )}
              <AddressFields
                section="shipping"
                values={values.shipping}
                errors={sectionErrors(errors, 'shipping.')}
                countries={countries}
                onChange={edit('shipping')}
                onBlur={leave('shipping')}
              />
            </Box>
          )}
          <ShippingChoice
            options={offered}
            loading={options.isPending && country !== ''}
            value={chosen}
            error={errors.shipping_rate_id}
            onChange={setRateId}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <CartSummary cart={priced.data ?? cart.data} title="Your order">
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Order lines">
              {cart.data.cart_items.map((item) => (
                <Stack key={item.id} component="li" direction="row" spacing={1} sx={{ justifyContent: 'space-between', py: 0.5 }}>
                  <Typography variant="body2">
                    {item.quantity} × {item.product.name}
                    {item.variations.length > 0 && ` (${variationText(item)})`}
                  </Typography>
                  <Typography variant="body2">{money(item.sub_total)}</Typography>
                </Stack>
              ))}
            </Box>
            <DiscountField cart={priced.data ?? cart.data} />
            {errors.discount_code && (
              <Alert severity="error" data-testid="discount-refused">
                {errors.discount_code}
              </Alert>
            )}
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={place.isPending}
              startIcon={place.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <LockIcon />}
              data-testid="pay"
            >
              {place.isPending ? 'Opening the payment page…' : `Pay ${money((priced.data ?? cart.data).grand_total)}`}
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
