import Inventory2Icon from '@mui/icons-material/Inventory2';
import ReceiptIcon from '@mui/icons-material/Receipt';
import { Box, Button, Chip, Container, Divider, Grid, Link, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { formatPhone, type BoOrder } from '@portal/contracts';
import { showAlert } from '../../../shared/alerts/alert-store';
import { useFormatMoney } from '../../../shared/format/money';
import { DownloadButton } from '../../../shared/ui/download-button';
import { PageLoader } from '../../../shared/ui/page-loader';
import { downloadOrderDocument } from '../api/download-order-document';
import { useOrder, useOrderAction, validActions, type OrderAction } from '../api/orders';
import { ConfirmDialog } from '../components/confirm-dialog';
import { errorText } from '../components/error-text';
import { formatDateTime } from '../components/format-date';
import { OrderRefunds } from '../components/order-refunds';
import { OrderTimeline } from '../components/order-timeline';
import { PageHeader } from '../components/page-header';
import { LoadError } from '../components/load-error';
import { RefundDialog } from '../components/refund-dialog';
import { ShipFields } from '../components/ship-fields';
import { STATUS_LABELS, StatusChip } from '../components/status-chip';

const ACTION_TEXT: Record<OrderAction, { button: string; title: string; text: string; done: string; danger?: boolean }> = {
  ship: {
    button: 'Mark shipped',
    title: 'Mark this order shipped?',
    text: "The customer gets an email and sees it in their dashboard, with a link to the carrier's tracking page when you name a known carrier and give the number.",
    done: 'Marked shipped; the customer was emailed.',
  },
  deliver: {
    button: 'Mark delivered',
    title: 'Mark this order delivered?',
    text: 'The customer sees it as delivered in their dashboard.',
    done: 'Marked delivered.',
  },
  cancel: {
    button: 'Cancel order',
    title: 'Cancel this unpaid order?',
    text: 'Its products go back into stock. This cannot be undone.',
    done: 'Order cancelled; the stock is back.',
    danger: true,
  },
  // Issue 28: the refund has its own dialog (RefundDialog): lines, restock and amount.
  refund: { button: 'Refund', title: '', text: '', done: '', danger: true },
};

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', py: 0.5 }}>
      <Typography color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {label}
      </Typography>
      <Box sx={{ textAlign: 'right', minWidth: 0, overflowWrap: 'anywhere' }}>{children}</Box>
    </Stack>
  );
}

/** Issue 28: a paid order's invoice number and its two PDFs. */
function OrderDocuments({ order }: { order: BoOrder }) {
  if (order.invoice_number === null) return null;
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ mb: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
      data-testid="bo-order-documents"
    >
      <Typography sx={{ py: 0.5, mr: 1 }}>Invoice {order.invoice_number}</Typography>
      <DownloadButton
        icon={<ReceiptIcon />}
        download={() => downloadOrderDocument(order.id, 'invoice')}
        data-testid="bo-order-invoice"
      >
        Invoice
      </DownloadButton>
      <DownloadButton
        icon={<Inventory2Icon />}
        download={() => downloadOrderDocument(order.id, 'packing-slip')}
        data-testid="bo-order-packing-slip"
      >
        Packing slip
      </DownloadButton>
    </Stack>
  );
}

function OrderView({ order }: { order: BoOrder }) {
  const money = useFormatMoney();
  const act = useOrderAction();
  const [action, setAction] = useState<OrderAction | null>(null);
  const [tracking, setTracking] = useState('');
  const [carrier, setCarrier] = useState('');
  const actions = validActions(order.status);
  const open = (next: OrderAction) => {
    act.reset();
    setTracking('');
    setCarrier('');
    setAction(next);
  };
  const confirm = () =>
    action &&
    action !== 'refund' &&
    act.mutate(
      { id: order.id, action, ship: { tracking, carrier } },
      {
        onSuccess: () => {
          showAlert(ACTION_TEXT[action].done, 'success');
          setAction(null);
        },
      },
    );

  return (
    <>
      <PageHeader
        title={`Order ${order.order_number}`}
        subtitle={`Placed ${formatDateTime(order.created_at)} · ${order.email}`}
        actions={
          <>
            {actions.map((name) => (
              <Button
                key={name}
                variant={ACTION_TEXT[name].danger ? 'outlined' : 'contained'}
                color={ACTION_TEXT[name].danger ? 'error' : 'primary'}
                onClick={() => open(name)}
                data-testid={`order-${name}`}
              >
                {ACTION_TEXT[name].button}
              </Button>
            ))}
          </>
        }
      />
      <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
        <Typography>Status:</Typography>
        <StatusChip status={order.status} size="medium" />
        {actions.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            Nothing more to do with a {STATUS_LABELS[order.status].toLowerCase()} order.
          </Typography>
        )}
      </Stack>
      <OrderDocuments order={order} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="lines-title">
            <Typography variant="h4" component="h2" id="lines-title" gutterBottom>
              Lines
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {order.lines.map((line) => (
                <Stack
                  key={line.id}
                  component="li"
                  direction="row"
                  spacing={2}
                  sx={{ py: 1, justifyContent: 'space-between', alignItems: 'center' }}
                  data-testid="bo-order-line"
                >
                  <Box
                    component="img"
                    src={line.image ?? undefined}
                    alt=""
                    sx={{ width: 48, height: 48, borderRadius: 1, objectFit: 'cover', flexShrink: 0, bgcolor: 'action.hover' }}
                  />
                  <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                    <Link component={RouterLink} to={`/backoffice/products/${line.product_id}`}>
                      {line.product_name}
                    </Link>
                    <Typography variant="body2" color="text.secondary">
                      {[
                        ...(line.color !== null || line.size !== null
                          ? [line.color, line.size].filter((value): value is string => Boolean(value))
                          : line.variations),
                        ...(line.sku ? [`SKU ${line.sku}`] : []),
                        `${line.quantity} × ${money(line.unit_price)}`,
                        ...(line.refunded_quantity > 0 ? [`${line.refunded_quantity} refunded`] : []),
                      ].join(' · ')}
                    </Typography>
                  </Box>
                  <Typography sx={{ fontWeight: 600 }}>{money(line.line_total)}</Typography>
                </Stack>
              ))}
            </Box>
            <Divider sx={{ my: 1 }} />
            <Row label="Subtotal">{money(order.subtotal)}</Row>
            {order.discount && (
              <Row label={`Discount (${order.discount.code})`}>
                <span data-testid="bo-order-discount">−{money(order.discount.amount)}</span>
              </Row>
            )}
            {order.shipping_method !== null && (
              <Row label={`Shipping (${order.shipping_method})`}>{money(order.shipping_total)}</Row>
            )}
            <Row label="Tax">{money(order.tax)}</Row>
            <Row label="Total">
              <Typography sx={{ fontWeight: 700 }} data-testid="bo-order-total">
                {money(order.order_total)}
              </Typography>
            </Row>
          </Paper>
          <OrderRefunds order={order} />
          <OrderTimeline order={order} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="customer-title">
            <Typography variant="h4" component="h2" id="customer-title" gutterBottom>
              Customer
            </Typography>
            <Typography>{order.full_name}</Typography>
            <Typography>
              <Link href={`mailto:${order.email}`}>{order.email}</Link>
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography>{formatPhone(order.phone)}</Typography>
              {!order.phone_verified && (
                <Tooltip title="Kept as the customer typed it: it could not be checked as a number of their country.">
                  <Chip size="small" variant="outlined" label="Unverified" data-testid="phone-unverified" />
                </Tooltip>
              )}
            </Stack>
            <Typography variant="subtitle2" component="h3" sx={{ mt: 1.5 }}>
              {order.shipping_address ? 'Billing address' : 'Billing and delivery address'}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line' }} data-testid="bo-billing-address">
              {order.address}
            </Typography>
            {order.shipping_address && (
              <>
                <Typography variant="subtitle2" component="h3" sx={{ mt: 1.5 }}>
                  Delivery address
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-line' }} data-testid="bo-delivery-address">
                  {order.shipping_address}
                </Typography>
              </>
            )}
            {order.order_note && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Note: {order.order_note}
              </Typography>
            )}
          </Paper>
          <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-labelledby="payment-title">
            <Typography variant="h4" component="h2" id="payment-title" gutterBottom>
              Payment
            </Typography>
            {order.payment ? (
              <>
                <Row label="Payment id">
                  <Typography component="span" data-testid="payment-id" sx={{ fontFamily: 'monospace' }}>
                    {order.payment.payment_id}
                  </Typography>
                </Row>
                <Row label="Method">{order.payment.method}</Row>
                <Row label="Paid">{money(order.payment.amount_paid)}</Row>
                {order.refunds.length > 0 && <Row label="Still refundable">{money(order.refundable)}</Row>}
                <Row label="State">{order.payment.status}</Row>
              </>
            ) : (
              <Typography color="text.secondary">Not paid.</Typography>
            )}
            {order.carrier && <Row label="Carrier">{order.carrier}</Row>}
            {order.tracking && (
              <Row label="Tracking">
                {order.tracking_url ? (
                  <Link href={order.tracking_url} target="_blank" rel="noopener noreferrer" data-testid="order-tracking">
                    {order.tracking}
                  </Link>
                ) : (
                  <span data-testid="order-tracking">{order.tracking}</span>
                )}
              </Row>
            )}
          </Paper>
        </Grid>
      </Grid>
      {action === 'refund' && <RefundDialog order={order} onClose={() => setAction(null)} />}
      {action && action !== 'refund' && (
        <ConfirmDialog
          open
          title={ACTION_TEXT[action].title}
          text={ACTION_TEXT[action].text}
          confirmLabel={ACTION_TEXT[action].button}
          danger={ACTION_TEXT[action].danger}
          pending={act.isPending}
          error={errorText(act.error)}
          onClose={() => setAction(null)}
          onConfirm={confirm}
          testId="order-action-dialog"
        >
          {action === 'ship' && (
            <ShipFields carrier={carrier} tracking={tracking} onCarrier={setCarrier} onTracking={setTracking} />
          )}
        </ConfirmDialog>
      )}
    </>
  );
}

export default function OrderPage() {
  const { id } = useParams();
  const orderId = Number(id);
  const order = useOrder(orderId);
  if (order.isPending) return <PageLoader label="Loading the order" />;
  if (order.isError) {
    return (
      <LoadError error={order.error} what="order" id={id} back={{ to: '/backoffice/orders', label: 'Back to the orders' }} />
    );
  }
  return (
    <Container maxWidth="lg">
      <OrderView order={order.data} />
    </Container>
  );
}
