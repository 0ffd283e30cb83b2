import { formatMoney } from '@portal/contracts';
import type { MailAttachment, MailMessage } from '../core/mail/mailer.js';
import { renderEmail, type EmailRow } from '../core/mail/render-email.js';
import { billingAddressOf } from './billing-address.js';
import { centsToDecimal, toCents } from './money.js';
import { variantLabel } from './variation-choice.js';
import type { OrderLineRow, OrderRow } from './orders.repository.js';

/** What every order email needs besides the order: where the shop is, its currency, and the lines' pictures. */
export interface OrderEmailContext {
  publicUrl: string;
  /** ISO 4217 (STORE_CURRENCY). */
  currency: string;
  /** Each line's colour picture (issue 25), by line id, as inline attachments. */
  pictures?: Map<number, MailAttachment>;
}

const dashboardUrl = (publicUrl: string) => `${publicUrl}/taberna/dashboard`;
/** The dashboard, brought to one order's invoice (its "Download invoice" button). */
export const invoiceUrl = (publicUrl: string, orderNumber: string) =>
  `${dashboardUrl(publicUrl)}?invoice=${encodeURIComponent(orderNumber)}`;

/** "2 × Lamp (Red, M)": the variant bought, as recorded on the line. */
const itemOf = (line: OrderLineRow) => {
  const label =
    line.color !== null || line.size !== null ? variantLabel(line) : line.variations.map((v) => v.variation_value).join(', ');
  return `${line.quantity} × ${line.productName}${label ? ` (${label})` : ''}`;
};

/** The parcel's address: the delivery address when the buyer gave one, else the billing address. */
function shippingTo(order: OrderRow): string {
  const to = order.shippingAddress ?? billingAddressOf(order);
  const place = [[to.postal_code, to.city].filter(Boolean).join(' '), to.state, to.country].filter(Boolean).join(', ');
  return [
    'Shipping to:',
    `${to.first_name} ${to.last_name}`,
    to.address_line_1,
    ...(to.address_line_2 ? [to.address_line_2] : []),
    place,
  ].join('\n');
}

/** The attachments of the pictures the rows show. */
const attachmentsOf = (lines: OrderLineRow[], context: OrderEmailContext) =>
  lines.flatMap((line) => {
    const picture = context.pictures?.get(line.id);
    return picture ? [picture] : [];
  });

/** The lines as rows of the email's table: picture, what and how many, and the amount. */
function lineRows(lines: OrderLineRow[], context: OrderEmailContext, priced: boolean): EmailRow[] {
  const money = (amount: number | string) => formatMoney(amount, context.currency, 'en-US');
  return lines.map((line) => ({
    label: priced ? `${itemOf(line)} at ${money(line.productPrice)}` : itemOf(line),
    value: priced ? money(centsToDecimal(toCents(line.productPrice) * line.quantity)) : '',
    image: context.pictures?.get(line.id)?.cid,
  }));
}

/** The receipt a customer gets once an order is paid. */
export function orderConfirmationEmail(
  order: OrderRow,
  lines: OrderLineRow[],
  methodName: string,
  context: OrderEmailContext,
): MailMessage {
  const money = (amount: string) => formatMoney(amount, context.currency, 'en-US');
  return {
    to: order.email,
    ...renderEmail({
      subject: `Your Taberna order ${order.orderNumber} is confirmed`,
      greeting: `Hi ${order.firstName},`,
      paragraphs: [
        `Thank you for your order. We received your payment and your order number is ${order.orderNumber}.`,
        shippingTo(order),
        ...(order.invoiceNumber ? [`Your invoice ${order.invoiceNumber} is ready: download it from your orders.`] : []),
      ],
      rows: [
        ...lineRows(lines, context, true),
        { label: 'Subtotal', value: money(order.subtotal), total: true },
        ...(order.discountCode === null
          ? []
          : [{ label: `Discount (${order.discountCode})`, value: `−${money(order.discountTotal)}` }]),
        ...(order.shippingMethod === null
          ? []
          : [{ label: `Shipping (${order.shippingMethod})`, value: money(order.shippingTotal) }]),
        { label: 'Tax', value: money(order.tax) },
        { label: `Total paid (${methodName})`, value: money(order.orderTotal), total: true },
      ],
      // Issue 28: the dashboard shows this order's "Download invoice" (the link carries no credential: the customer signs in).
      action: order.invoiceNumber
        ? { label: 'Download your invoice', url: invoiceUrl(context.publicUrl, order.orderNumber) }
        : { label: 'See your orders', url: dashboardUrl(context.publicUrl) },
    }),
    attachments: attachmentsOf(lines, context),
  };
}

/**
 * The notice a customer gets when an order leaves the shop, for the back office's "mark shipped"
 * to send. `tracking` is what the carrier gave, e.g. "RR123456789PT" (or a whole note, "CTT,
 * tracking number RR123456789PT"); with a known carrier's `trackingUrl` (issue 28) the email's
 * button opens the carrier's tracking page.
 */
export function orderShippedEmail(
  order: OrderRow,
  lines: OrderLineRow[],
  context: OrderEmailContext,
  { tracking, carrier, trackingUrl }: { tracking?: string; carrier?: string; trackingUrl?: string | null } = {},
): MailMessage {
  const note = [carrier?.trim(), tracking?.trim()].filter(Boolean).join(' ');
  // With pictures, the parcel's lines are a table of them after the address; without, a paragraph.
  const pictured = Boolean(context.pictures?.size);
  const orders = { label: 'See your orders', url: dashboardUrl(context.publicUrl) };
  return {
    to: order.email,
    ...renderEmail({
      subject: `Your Taberna order ${order.orderNumber} has shipped`,
      greeting: `Hi ${order.firstName},`,
      paragraphs: [
        `Good news: your order ${order.orderNumber} is on its way.`,
        ...(pictured ? [] : [['In the parcel:', ...lines.map(itemOf)].join('\n')]),
        shippingTo(order),
        ...(note ? [`Tracking: ${note}`] : []),
        ...(pictured ? ['In the parcel:'] : []),
      ],
      rows: pictured ? lineRows(lines, context, false) : undefined,
      action: trackingUrl ? { label: 'Track your parcel', url: trackingUrl } : orders,
      after: trackingUrl ? [`See your orders:\n${orders.url}`] : undefined,
    }),
    attachments: attachmentsOf(lines, context),
  };
}

/**
 * Issue 15: the customer's notice that staff refunded an order. Issue 28: `refund` is what this
 * refund gave back and which lines (with the quantities refunded); `partial` when the order is not
 * wholly refunded by it.
 */
export function orderRefundedEmail(
  order: OrderRow,
  lines: OrderLineRow[],
  context: OrderEmailContext,
  refund: { amount: string; partial: boolean } = { amount: order.orderTotal, partial: false },
): MailMessage {
  const amount = formatMoney(refund.amount, context.currency, 'en-US');
  return {
    to: order.email,
    ...renderEmail({
      subject: refund.partial
        ? `Part of your Taberna order ${order.orderNumber} was refunded`
        : `Your Taberna order ${order.orderNumber} was refunded`,
      greeting: `Hi ${order.firstName},`,
      paragraphs: [
        refund.partial
          ? `We have refunded part of your order ${order.orderNumber}: ${amount} goes back to the card you paid with.`
          : `We have refunded your order ${order.orderNumber}: ${amount} goes back to the card you paid with.`,
        ...(lines.length ? [[refund.partial ? 'Refunded:' : 'The order held:', ...lines.map(itemOf)].join('\n')] : []),
        'Depending on your bank, the money shows on your statement within 5 to 10 days.',
      ],
      action: { label: 'See your orders', url: dashboardUrl(context.publicUrl) },
    }),
  };
}
