import type { MailMessage } from '../core/mail/mailer.js';
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
  const lineTexts = lines.map((line) => {
    const variations = line.variations.map((v) => v.variation_value).join(', ');
    const total = centsToDecimal(toCents(line.productPrice) * line.quantity);
    return `- ${line.quantity} × ${line.productName}${variations ? ` (${variations})` : ''} at ${money(line.productPrice)} = $${total}`;
  });
  return {
    to: order.email,
    subject: `Your Taberna order ${order.orderNumber} is confirmed`,
    text: [
      `Hi ${order.firstName},`,
      '',
      `Thank you for your order. We received your payment and your order number is ${order.orderNumber}.`,
      '',
      ...lineTexts,
      '',
      `Subtotal: ${money(order.subtotal)}`,
      `Tax: ${money(order.tax)}`,
      `Total paid: ${money(order.orderTotal)} (${methodName})`,
      '',
      'Shipping to:',
      `${order.firstName} ${order.lastName}`,
      order.addressLine1,
      ...(order.addressLine2 ? [order.addressLine2] : []),
      `${order.city}, ${order.state}, ${order.country}`,
      '',
      `Your orders: ${publicUrl}/taberna/dashboard`,
    ].join('\n'),
  };
}
