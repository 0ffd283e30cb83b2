import CreditCardIcon from '@mui/icons-material/CreditCard';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Container,
  Divider,
  Grid,
  Link,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { showErrorAlert } from '../../../shared/alerts/alert-store';
import { ApiError } from '../../../shared/api/api-client';
import { fieldErrorsOf } from '../../../shared/api/flatten-errors';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useTestCheckout } from '../api/get-test-checkout';
import { usePayTestCheckout } from '../api/pay-test-checkout';
import { useIsLoggedIn } from '../../../shared/auth/auth-store';
import { useFormatMoney } from '../../../shared/format/money';
import { useBilling } from '../api/get-billing';
import { spaceCardNumber, tidyExpiry } from '../components/card-input';
import { ShopEmptyPage } from '../components/shop-empty-page';
import { TestModeBanner } from '../components/test-mode-banner';

const EMPTY_CARD = { card_number: '', expiry: '', cvc: '', name: '' };
type CardField = keyof typeof EMPTY_CARD;

/** What each field does to what is typed: the number in groups of four, the expiry as MM/YY once left. */
const AS_TYPED: Partial<Record<CardField, (typed: string) => string>> = { card_number: spaceCardNumber };
const ON_LEAVING: Partial<Record<CardField, (typed: string) => string>> = { expiry: tidyExpiry };

/** The built-in test checkout: the portal's own card page, used when no real payment provider is set. */
export default function TestCheckoutPage() {
  const { sessionId = '' } = useParams();
  const session = useTestCheckout(sessionId);
  const pay = usePayTestCheckout();
  // The name on the card starts as the buyer's billing name (issue 25).
  const billing = useBilling(useIsLoggedIn());
  const billingName = billing.data ? `${billing.data.first_name} ${billing.data.last_name}`.trim() : '';
  const [card, setCard] = useState(EMPTY_CARD);
  const [nameTouched, setNameTouched] = useState(false);
  const shown = { ...card, name: nameTouched ? card.name : card.name || billingName };
  const [errors, setErrors] = useState<Record<string, string>>({});
  const money = useFormatMoney(session.data?.currency.toUpperCase());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    pay.mutate(
      { sessionId, ...shown },
      {
        onSuccess: ({ redirect_url }) => window.location.assign(redirect_url),
        onError: (error) => {
          if (error instanceof ApiError) setErrors(fieldErrorsOf(error.body));
          showErrorAlert(error);
        },
      },
    );
  };

  if (session.isPending) return <PageLoader label="Loading the payment" />;
  if (session.isError) {
    return (
      <ShopEmptyPage icon={<CreditCardIcon />} title="No such payment">
        This checkout session does not exist. Start again from your cart.
      </ShopEmptyPage>
    );
  }
  const open = session.data.status === 'open';
  const field = (name: CardField, label: string, autoComplete: string, extra: object = {}) => (
    <TextField
      name={name}
      label={label}
      value={shown[name]}
      onChange={(event) => {
        const typed = event.target.value;
        if (name === 'name') setNameTouched(true);
        setCard((current) => ({ ...current, [name]: AS_TYPED[name]?.(typed) ?? typed }));
      }}
      onBlur={(event) => {
        const tidy = ON_LEAVING[name];
        if (tidy) setCard((current) => ({ ...current, [name]: tidy(event.target.value) }));
      }}
      autoComplete={autoComplete}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      required
      fullWidth
      {...extra}
    />
  );
  return (
    <Container maxWidth="md">
      <TestModeBanner />
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }} component="section" aria-labelledby="pay-summary">
            <Typography id="pay-summary" variant="h6" component="h2">
              {session.data.description}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
              {session.data.lines.map((line) => (
                <Stack key={line.name} component="li" direction="row" sx={{ justifyContent: 'space-between', py: 0.5 }}>
                  <Typography variant="body2">
                    {line.quantity} × {line.name}
                  </Typography>
                  <Typography variant="body2">{money(Number(line.unit_amount) * line.quantity)}</Typography>
                </Stack>
              ))}
            </Box>
            <Divider sx={{ my: 1 }} />
            <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
              <Typography sx={{ fontWeight: 700 }}>To pay</Typography>
              <Typography sx={{ fontWeight: 700 }} data-testid="test-checkout-amount">
                {money(session.data.amount)}
              </Typography>
            </Stack>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Typography variant="h1" sx={{ fontSize: '1.8rem', mb: 2 }}>
            Pay by card
          </Typography>
          {!open && (
            <Alert severity="info" sx={{ mb: 2 }}>
              This payment is closed ({session.data.status}). Go back to your cart to check out again.
            </Alert>
          )}
          <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Card details">
            {field('card_number', 'Card number', 'cc-number', { slotProps: { htmlInput: { inputMode: 'numeric' } } })}
            <Stack direction="row" spacing={2}>
              {field('expiry', 'Expiry (MM/YY)', 'cc-exp')}
              {field('cvc', 'CVC', 'cc-csc', { slotProps: { htmlInput: { inputMode: 'numeric' } } })}
            </Stack>
            {field('name', 'Name on the card', 'cc-name')}
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={!open || pay.isPending}
              startIcon={pay.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <CreditCardIcon />}
              data-testid="test-checkout-pay"
            >
              {pay.isPending ? 'Paying…' : `Pay ${money(session.data.amount)}`}
            </Button>
            <Link href={session.data.cancel_url} sx={{ alignSelf: 'center' }}>
              Cancel and go back
            </Link>
          </Stack>
        </Grid>
      </Grid>
    </Container>
  );
}
