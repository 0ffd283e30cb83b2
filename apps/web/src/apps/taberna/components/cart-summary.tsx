import { Divider, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { Cart } from '@portal/contracts';
import { useFormatMoney } from '../../../shared/format/money';

function Row({
  label,
  value,
  strong = false,
  off = false,
  testId,
}: {
  label: string;
  value: number;
  strong?: boolean;
  /** Taken off the total (a discount): shown with a minus sign. */
  off?: boolean;
  testId: string;
}) {
  const money = useFormatMoney();
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }}>{label}</Typography>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }} data-testid={testId}>
        {off ? `−${money(value)}` : money(value)}
      </Typography>
    </Stack>
  );
}

/** Total, discount (issue 28), shipping (when chosen), tax and grand total, as the server computed them from current prices. */
export function CartSummary({ cart, title = 'Summary', children }: { cart: Cart; title?: string; children?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }} component="section" aria-label={title}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <Stack spacing={1}>
        <Row label={`Total (${cart.quantity} item${cart.quantity === 1 ? '' : 's'})`} value={cart.total} testId="cart-total" />
        {cart.discount && (
          <Row label={`Discount (${cart.discount.code})`} value={cart.discount.amount} off testId="cart-discount" />
        )}
        {cart.shipping_total !== undefined && <Row label="Shipping" value={cart.shipping_total} testId="cart-shipping" />}
        <Row label="Tax" value={cart.tax} testId="cart-tax" />
        <Divider />
        <Row label="Grand total" value={cart.grand_total} strong testId="cart-grand-total" />
      </Stack>
      {children && (
        <Stack spacing={1} sx={{ mt: 3 }}>
          {children}
        </Stack>
      )}
    </Paper>
  );
}
