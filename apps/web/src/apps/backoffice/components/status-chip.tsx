import { Chip, type ChipProps } from '@mui/material';
import type { OrderStatus } from '@portal/contracts';

// Only colours whose text keeps AA contrast on an outlined chip in both themes (not info or warning).
const COLOURS: Record<OrderStatus, ChipProps['color']> = {
  placed: 'default',
  paid: 'primary',
  partially_refunded: 'error',
  shipped: 'secondary',
  delivered: 'success',
  cancelled: 'default',
  refunded: 'error',
  expired: 'default',
};

export const STATUS_LABELS: Record<OrderStatus, string> = {
  placed: 'Placed',
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  expired: 'Expired',
};

/** An order's status as a small chip (the word always shown: colour alone says nothing to some). */
export function StatusChip({ status, size = 'small' }: { status: OrderStatus; size?: ChipProps['size'] }) {
  return <Chip size={size} variant="outlined" color={COLOURS[status]} label={STATUS_LABELS[status]} data-testid="order-status" />;
}
