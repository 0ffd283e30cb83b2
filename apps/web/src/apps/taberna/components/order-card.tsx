import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import ReceiptIcon from '@mui/icons-material/Receipt';
import { Alert, Box, Chip, Divider, Link, Paper, Stack, Typography, type ChipProps } from '@mui/material';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import type { CustomerOrderStatus, Order } from '@portal/contracts';
import { useFormatMoney } from '../../../shared/format/money';
import { DownloadButton } from '../../../shared/ui/download-button';
import { downloadInvoice } from '../api/download-invoice';

/** Where the order is (issue 15), in the customer's words. */
export const ORDER_STATUS_TEXT: Record<CustomerOrderStatus, string> = {
  placed: 'Waiting for payment',
  paid: 'Paid, being prepared',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  expired: 'Payment not completed',
};

// Only colours whose text keeps AA contrast on an outlined chip in both themes (not info or warning).
const STATUS_COLOURS: Record<CustomerOrderStatus, ChipProps['color']> = {
  placed: 'default',
  paid: 'primary',
  shipped: 'primary',
  delivered: 'success',
  cancelled: 'default',
  refunded: 'default',
  expired: 'default',
};

/** Where the parcel goes (issue 25): the delivery address when there is one, else the billing address, with the postcode. */
function shipTo(order: Order): string[] {
  const to = order.shipping_address ?? order;
  return [
    `${to.first_name} ${to.last_name}`,
    to.address_line_1,
    to.address_line_2,
    [to.postal_code, to.city].filter(Boolean).join(' '),
    to.state,
    to.country,
  ].filter(Boolean);
}

/** Issue 28: what was refunded of the order, each refund with its items and date. */
function OrderCardRefunds({ order }: { order: Order }) {
  const money = useFormatMoney();
  const nameOf = (lineId: number) => order.order_products.find((line) => line.id === lineId)?.product.name;
  return (
    <Box component="section" aria-label="Refunds" sx={{ mt: 1.5 }} data-testid="order-refunds">
      <Divider sx={{ mb: 1.5 }} />
      <Typography variant="subtitle2" component="h3">
        Refunds
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {order.refunds!.map((refund, index) => (
          <Typography component="li" variant="body2" key={`${refund.created_at}-${index}`} data-testid="order-refund">
            {`${new Date(refund.created_at).toLocaleDateString('en-GB', { dateStyle: 'medium' })}: ${money(refund.amount)} back to your card`}
            {refund.lines.length > 0 &&
              ` for ${refund.lines.map((line) => `${line.quantity} × ${nameOf(line.line_id) ?? 'an item'}`).join(', ')}`}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/**
 * An order in the dashboard: number, date, payment, lines, where it goes, tax and total, and its
 * invoice (issue 28). `focused`: the order an email's "Download your invoice" link named; the card
 * comes into view with its download button focused.
 */
export function OrderCard({ order, focused = false }: { order: Order; focused?: boolean }) {
  const money = useFormatMoney();
  const invoiceButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!focused) return;
    invoiceButton.current?.scrollIntoView({ block: 'center' });
    invoiceButton.current?.focus({ preventScroll: true });
  }, [focused]);
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
            {order.invoice_number && ` · Invoice ${order.invoice_number}`}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
          <Chip
            variant="outlined"
            color={STATUS_COLOURS[order.order_status]}
            label={ORDER_STATUS_TEXT[order.order_status]}
            data-testid="order-status"
          />
          {order.payment && (
            <Chip
              color="success"
              variant="outlined"
              label={`${order.payment.status} · ${order.payment.payment_method}`}
              data-testid="order-payment"
            />
          )}
        </Stack>
      </Stack>
      {order.order_status === 'shipped' && (
        <Alert severity="info" icon={<LocalShippingIcon />} sx={{ mt: 2 }} data-testid="order-shipped">
          Shipped
          {order.shipped_at ? ` on ${new Date(order.shipped_at).toLocaleDateString('en-GB', { dateStyle: 'medium' })}` : ''}.
          {order.tracking && !order.tracking_url ? ` Tracking: ${[order.carrier, order.tracking].filter(Boolean).join(' ')}` : ''}
          {order.tracking && order.tracking_url && (
            <>
              {' '}
              <Link href={order.tracking_url} target="_blank" rel="noopener noreferrer" data-testid="order-tracking-link">
                Track your parcel with {order.carrier} ({order.tracking})
              </Link>
            </>
          )}
        </Alert>
      )}
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
              src={line.image ?? line.product.image ?? undefined}
              alt=""
              data-testid="order-line-image"
              sx={{ width: 56, height: 56, borderRadius: 2, objectFit: 'cover', bgcolor: 'action.hover' }}
            />
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Link component={RouterLink} to={line.product.get_absolute_url}>
                {line.product.name}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {[
                  ...line.variations.map((v) => v.variation_value),
                  ...(line.variant?.sku ? [`SKU ${line.variant.sku}`] : []),
                  `${line.quantity} × ${money(line.product_price)}`,
                ].join(' · ')}
              </Typography>
            </Box>
            <Typography sx={{ fontWeight: 600 }}>{money(line.quantity * line.product_price)}</Typography>
          </Stack>
        ))}
      </Box>
      <Divider sx={{ my: 1.5 }} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }} data-testid="order-ship-to">
          {`Shipping to:\n${shipTo(order).join('\n')}`}
        </Typography>
        <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
          {order.discount && (
            <Typography variant="body2" data-testid="order-discount">
              Discount ({order.discount.code}) −{money(order.discount.amount)}
            </Typography>
          )}
          {order.shipping_total !== undefined && (
            <Typography variant="body2" data-testid="order-shipping">
              Shipping ({order.shipping_method}) {money(order.shipping_total)}
            </Typography>
          )}
          <Typography variant="body2">Tax {money(order.tax)}</Typography>
          <Typography sx={{ fontWeight: 700 }} data-testid="order-total">
            Total {money(order.order_total)}
          </Typography>
        </Stack>
      </Stack>
      {order.refunds && order.refunds.length > 0 && <OrderCardRefunds order={order} />}

      {order.invoice_number && (
        <Box sx={{ mt: 2 }}>
          <DownloadButton
            ref={invoiceButton}
            icon={<ReceiptIcon />}
            download={() => downloadInvoice(order.order_number)}
            data-testid="order-invoice"
          >
            Download invoice
          </DownloadButton>
        </Box>
      )}
    </Paper>
  );
}
