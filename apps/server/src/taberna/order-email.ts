import type { MailMessage } from '../core/mail/mailer.js';
import { renderEmail, type EmailRow } from '../core/mail/render-email.js';
import { centsToDecimal, toCents } from './money.js';
import type { OrderLineRow, OrderRow } from './orders.repository.js';

const money = (decimal: string) => `$${centsToDecimal(toCents(decimal))}`;

/** The receipt a customer gets once an order is paid. */
export function orderConfirmationEmail(
  order: OrderRow,
  lines: OrderLineRow[],
  methodName: string,
  publicUrl: string,
): MailMessage {
  const rows: EmailRow[] = lines.map((line) => {
    const variations = line.variations.map((v) => v.variation_value).join(', ');
    return {
      label: `${line.quantity} × ${line.productName}${variations ? ` (${variations})` : ''} at ${money(line.productPrice)}`,
      value: `$${centsToDecimal(toCents(line.productPrice) * line.quantity)}`,
    };
  });
  const address = [
    `${order.firstName} ${order.lastName}`,
    order.addressLine1,
    ...(order.addressLine2 ? [order.addressLine2] : []),
    `${order.city}, ${order.state}, ${order.country}`,
  ].join('\n');
  return {
    to: order.email,
    ...renderEmail({
      subject: `Your Taberna order ${order.orderNumber} is confirmed`,
      greeting: `Hi ${order.firstName},`,
      paragraphs: [
        `Thank you for your order. We received your payment and your order number is ${order.orderNumber}.`,
        `Shipping to:\n${address}`,
      ],
      rows: [
        ...rows,
        { label: 'Subtotal', value: money(order.subtotal), total: true },
        { label: 'Tax', value: money(order.tax) },
        { label: `Total paid (${methodName})`, value: money(order.orderTotal), total: true },
      ],
      action: { label: 'See your orders', url: `${publicUrl}/taberna/dashboard` },
    }),
  };
}
