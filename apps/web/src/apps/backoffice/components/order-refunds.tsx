import { Box, Paper, Stack, Typography } from '@mui/material';
import type { BoOrder } from '@portal/contracts';
import { useFormatMoney } from '../../../shared/format/money';
import { formatDateTime } from './format-date';
import { refundedItems } from './refund-lines';

/** Issue 28: the order's refunds, oldest first: amount, items, whether restocked, who and when. */
export function OrderRefunds({ order }: { order: BoOrder }) {
  const money = useFormatMoney();
  if (order.refunds.length === 0) return null;
  const total = order.refunds.reduce((sum, refund) => sum + Math.round(Number(refund.amount) * 100), 0);
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-labelledby="refunds-title">
      <Typography variant="h4" component="h2" id="refunds-title" gutterBottom>
        Refunds
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {order.refunds.map((refund) => (
          <Stack
            key={refund.id}
            component="li"
            direction="row"
            spacing={2}
            sx={{ py: 1, justifyContent: 'space-between', alignItems: 'baseline' }}
            data-testid="bo-order-refund"
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{refundedItems(order, refund) || 'An amount, no items'}</Typography>
              <Typography variant="body2" color="text.secondary">
                {[
                  formatDateTime(refund.created_at),
                  refund.actor ?? 'a former staff member',
                  refund.lines.length === 0 ? null : refund.restocked ? 'Restocked' : 'Not restocked',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </Box>
            <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{money(refund.amount)}</Typography>
          </Stack>
        ))}
      </Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', pt: 1, borderTop: 1, borderColor: 'divider' }}>
        <Typography color="text.secondary">Refunded in all</Typography>
        <Typography sx={{ fontWeight: 700 }} data-testid="bo-order-refunded">
          {money((total / 100).toFixed(2))}
        </Typography>
      </Stack>
    </Paper>
  );
}
