import { Box, Chip, Divider, Link, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { Order } from '@portal/contracts';
import { formatMoney } from '../../../shared/format/money';

/** An order in the dashboard: number, date, payment, lines, tax and total. */
export function OrderCard({ order }: { order: Order }) {
  return (
    <Paper
      variant="outlined"
      component="article"
      sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}
      aria-labelledby={`order-${order.id}`}
      data-testid="order-card"
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Box>
          <Typography id={`order-${order.id}`} variant="h6" component="h2">
            Order {order.order_number}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Placed {order.created_at}
          </Typography>
        </Box>
        {order.payment && (
          <Chip
            color="success"
            variant="outlined"
            label={`${order.payment.status} · ${order.payment.payment_method}`}
            data-testid="order-payment"
          />
        )}
      </Stack>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}>
        {order.order_products.map((line) => (
          <Stack
            key={line.id}
            component="li"
            direction="row"
            spacing={2}
            sx={{ py: 1, alignItems: 'center' }}
            data-testid="order-line"
          >
            <Box
              component="img"
              src={line.product.image ?? undefined}
              alt=""
              sx={{ width: 56, height: 56, borderRadius: 2, objectFit: 'cover', bgcolor: 'action.hover' }}
            />
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Link component={RouterLink} to={line.product.get_absolute_url}>
                {line.product.name}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {[...line.variations.map((v) => v.variation_value), `${line.quantity} × ${formatMoney(line.product_price)}`].join(
                  ' · ',
                )}
              </Typography>
            </Box>
            <Typography sx={{ fontWeight: 600 }}>{formatMoney(line.quantity * line.product_price)}</Typography>
          </Stack>
        ))}
      </Box>
      <Divider sx={{ my: 1.5 }} />
      <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
        <Typography variant="body2">Tax {formatMoney(order.tax)}</Typography>
        <Typography sx={{ fontWeight: 700 }} data-testid="order-total">
          Total {formatMoney(order.order_total)}
        </Typography>
      </Stack>
    </Paper>
  );
}
