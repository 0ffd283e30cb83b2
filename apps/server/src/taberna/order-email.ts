import type { MailMessage } from '../core/mail/mailer.js';
import { renderEmail, type EmailRow } from '../core/mail/render-email.js';
import { centsToDecimal, toCents } from './money.js';
import type { OrderLineRow, OrderRow } from './orders.repository.js';

const money = (decimal: string) => `$${centsToDecimal(toCents(decimal))}`;

const dashboardUrl = (publicUrl: string) => `${publicUrl}/taberna/dashboard`;

const itemOf = (line: OrderLineRow) => {
  const variations = line.variations.map((v) => v.variation_value).join(', ');
  return `${line.quantity} × ${line.productName}${variations ? ` (${variations})` : ''}`;
};

const shippingTo = (order: OrderRow) =>
  [
    'Shipping to:',
    `${order.firstName} ${order.lastName}`,
    order.addressLine1,
    ...(order.addressLine2 ? [order.addressLine2] : []),
    `${order.city}, ${order.state}, ${order.country}`,
  ].join('\n');

/** The receipt a customer gets once an order is paid. */
export function orderConfirmationEmail(
  order: OrderRow,
  lines: OrderLineRow[],
  methodName: string,
  publicUrl: string,
): MailMessage {
  const rows: EmailRow[] = lines.map((line) => ({
    label: `${itemOf(line)} at ${money(line.productPrice)}`,
    value: `$${centsToDecimal(toCents(line.productPrice) * line.quantity)}`,
  }));
  return {
    to: order.email,
    ...renderEmail({
      subject: `Your Taberna order ${order.orderNumber} is confirmed`,
      greeting: `Hi ${order.firstName},`,
      paragraphs: [
        `Thank you for your order. We received your payment and your order number is ${order.orderNumber}.`,
        shippingTo(order),
      ],
      rows: [
        ...rows,
        { label: 'Subtotal', value: money(order.subtotal), total: true },
        { label: 'Tax', value: money(order.tax) },
        { label: `Total paid (${methodName})`, value: money(order.orderTotal), total: true },
      ],
      action: { label: 'See your orders', url: dashboardUrl(publicUrl) },
    }),
  };
}

/**
 * The notice a customer gets when an order leaves the shop, for the back office's "mark shipped"
 * to send. `tracking` is what the carrier gave, e.g. "CTT, tracking number RR123456789PT".
 */
export function orderShippedEmail(
  order: OrderRow,
  lines: OrderLineRow[],
  publicUrl: string,
  { tracking }: { tracking?: string } = {},
): MailMessage {
  const note = tracking?.trim();
  return {
    to: order.email,
    ...renderEmail({
      subject: `Your Taberna order ${order.orderNumber} has shipped`,
      greeting: `Hi ${order.firstName},`,
      paragraphs: [
        `Good news: your order ${order.orderNumber} is on its way.`,
        ['In the parcel:', ...lines.map(itemOf)].join('\n'),
        shippingTo(order),
        ...(note ? [`Tracking: ${note}`] : []),
      ],
      action: { label: 'See your orders', url: dashboardUrl(publicUrl) },
    }),
  };
}

/** Issue 15: the customer's notice that staff refunded an order. */
export function orderRefundedEmail(order: OrderRow, lines: OrderLineRow[], publicUrl: string): MailMessage {
  return {
    to: order.email,
    ...renderEmail({
      subject: `Your Taberna order ${order.orderNumber} was refunded`,
      greeting: `Hi ${order.firstName},`,
      paragraphs: [
        `We have refunded your order ${order.orderNumber}: ${money(order.orderTotal)} goes back to the card you paid with.`,
        ['The order held:', ...lines.map(itemOf)].join('\n'),
        'Depending on your bank, the money shows on your statement within 5 to 10 days.',
      ],
      action: { label: 'See your orders', url: dashboardUrl(publicUrl) },
    }),
  };
}
