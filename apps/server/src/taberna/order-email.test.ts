import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../core/mail/outbox-mailer.js';
import { orderConfirmationEmail, orderRefundedEmail, orderShippedEmail } from './order-email.js';
import type { OrderLineRow, OrderRow } from './orders.repository.js';

// Longer than a quoted-printable line (76), so a soft line break would split the link.
const PUBLIC_URL = 'http://a-rather-long-portal-host-name.example.test/with/a/long/path/prefix';
const DASHBOARD = `${PUBLIC_URL}/taberna/dashboard`;

const order = {
  id: 7,
  accountId: 3,
  orderNumber: '202611257',
  firstName: 'Zoë',
  lastName: 'Lima',
  phone: '+351912345678',
  email: 'zoe@example.com',
  addressLine1: '1 Harbour Street',
  addressLine2: 'Flat 2',
  postalCode: '1100-148',
  country: 'Portugal',
  countryCode: 'PT',
  phoneVerified: true,
  shippingAddress: null,
  deliveryCountryCode: 'PT',
  state: 'Lisboa',
  city: 'Lisbon',
  orderNote: '',
  subtotal: '40.00',
  tax: '0.80',
  orderTotal: '40.80',
  shippingMethod: null,
  shippingTotal: '0.00',
  discountId: null,
  discountCode: null,
  discountTotal: '0.00',
  status: 'New',
  paymentState: 'paid',
  provider: 'test',
  sessionId: null,
  chargeId: null,
  ip: '',
  isOrdered: true,
  expiresAt: new Date(),
  fulfilment: null,
  orderStatus: 'paid',
  tracking: null,
  carrier: null,
  shippedAt: null,
  deliveredAt: null,
  refundedAt: null,
  refundId: null,
  invoiceNumber: null,
  invoiceDate: null,
  refundedTotal: '0',
  createdAt: new Date(),
  updatedAt: new Date(),
} satisfies OrderRow;

const line = (productName: string, quantity: number, values: string[] = []): OrderLineRow => ({
  id: quantity,
  orderId: order.id,
  productId: quantity,
  productName,
  variationIds: [],
  variations: values.map((value, i) => ({ id: i, variation_category: i === 0 ? 'color' : 'size', variation_value: value })),
  variantId: quantity,
  sku: `P${quantity}`,
  color: values[0] ?? null,
  size: values[1] ?? null,
  quantity,
  productPrice: '20.00',
  ordered: true,
  createdAt: new Date(),
});

const lines = [line('Lamp', 2, ['Red', 'M']), line('Mug', 1)];
const shop = { publicUrl: PUBLIC_URL, currency: 'USD' };

describe('orderShippedEmail', () => {
  it('tells the customer what is on its way and where, with a whole link to their orders', () => {
    const mail = orderShippedEmail(order, lines, shop, { tracking: 'CTT, tracking number RR123456789PT' });
    expect(mail.to).toBe('zoe@example.com');
    expect(mail.subject).toBe('Your Taberna order 202611257 has shipped');
    expect(mail.text).toContain('Hi Zoë,\n\nGood news: your order 202611257 is on its way.\n\n');
    expect(mail.text).toContain('In the parcel:\n2 × Lamp (Red, M)\n1 × Mug\n\n');
    expect(mail.text).toContain('Shipping to:\nZoë Lima\n1 Harbour Street\nFlat 2\n1100-148 Lisbon, Lisboa, Portugal\n');
    expect(mail.text).toContain('Tracking: CTT, tracking number RR123456789PT\n');
    expect(mail.text).toContain(`See your orders:\n${DASHBOARD}\n`);
    expect(mail.html).toContain(`<a href="${DASHBOARD}"`);
    expect(mail.html).toContain('In the parcel:<br>2 × Lamp (Red, M)<br>1 × Mug');
    expect(mail.html).toContain('@media (prefers-color-scheme: dark)');
  });

  it("links a known carrier's tracking page (issue 28), the orders link still there", () => {
    const url = 'https://www.ups.com/track?tracknum=1Z999';
    const mail = orderShippedEmail(order, lines, shop, { carrier: 'UPS', tracking: '1Z999', trackingUrl: url });
    expect(mail.text).toContain('Tracking: UPS 1Z999\n');
    expect(mail.text).toContain(`Track your parcel:\n${url}\n`);
    expect(mail.text).toContain(`See your orders:\n${DASHBOARD}`);
    expect(mail.html).toContain(`<a href="${url}"`);
  });

  it('leaves the tracking line out without a note, and escapes one in the HTML part', () => {
    for (const tracking of [undefined, '', '   ']) {
      const mail = orderShippedEmail(order, lines, shop, { tracking });
      expect(mail.text).not.toContain('Tracking');
      expect(mail.html).not.toContain('Tracking');
    }
    expect(orderShippedEmail(order, lines, shop).text).not.toContain('Tracking');
    const typed = orderShippedEmail(order, lines, shop, { tracking: '<b>DHL</b> & co' });
    expect(typed.html).toContain('Tracking: &lt;b&gt;DHL&lt;/b&gt; &amp; co');
    expect(typed.html).not.toContain('<b>DHL</b>');
  });

  it('goes out with an HTML part and an 8bit text part whose link no soft line break splits', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'));
    const mailer = createOutboxMailer(dir, 'Portal <no-reply@portal.test>', { info: () => undefined } as never);
    try {
      await mailer.send(orderShippedEmail(order, lines, shop));
      const [name] = await fs.readdir(dir);
      const raw = await fs.readFile(path.join(dir, name!), 'utf8');
      expect(raw).toMatch(/Content-Type: text\/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n/);
      expect(raw).toContain(`\r\n${DASHBOARD}\r\n`);
      expect(raw).toMatch(/Content-Type: text\/html; charset=utf-8/);
    } finally {
      await mailer.close();
      await fs.rm(dir, { recursive: true });
    }
  });
});

describe('orderConfirmationEmail', () => {
  it('keeps the receipt it sent before the shipping notice shared its parts', () => {
    const mail = orderConfirmationEmail(order, lines, 'Test card', shop);
    expect(mail.subject).toBe('Your Taberna order 202611257 is confirmed');
    expect(mail.text).toMatch(/ {2}2 × Lamp \(Red, M\) at \$20\.00 +\$40\.00\n {2}1 × Mug at \$20\.00 +\$20\.00\n/);
    expect(mail.text).toContain('Shipping to:\nZoë Lima\n1 Harbour Street\nFlat 2\n1100-148 Lisbon, Lisboa, Portugal\n');
    expect(mail.text).toMatch(/Total paid \(Test card\) +\$40\.80\n/);
    expect(mail.text).toContain(`See your orders:\n${DASHBOARD}\n`);
    expect(mail.text).not.toContain('Shipping (');
  });

  it("links the dashboard's invoice of the order once it has one (issue 28), with no credential in the link", () => {
    const mail = orderConfirmationEmail(
      { ...order, invoiceNumber: '2026-000042', invoiceDate: new Date() },
      lines,
      'Test card',
      shop,
    );
    expect(mail.text).toContain('Your invoice 2026-000042 is ready: download it from your orders.');
    expect(mail.text).toContain(`Download your invoice:\n${DASHBOARD}?invoice=202611257\n`);
    expect(mail.html).toContain(`<a href="${DASHBOARD}?invoice=202611257"`);
    expect(mail.text).not.toMatch(/token|Bearer/i);
  });

  it('shows the shipping rate chosen and its price (issue 28)', () => {
    const shipped = { ...order, shippingMethod: 'Express', shippingTotal: '4.90', orderTotal: '45.70' };
    const mail = orderConfirmationEmail(shipped, lines, 'Test card', shop);
    expect(mail.text).toMatch(/Shipping \(Express\) +\$4\.90\n/);
    expect(mail.text).toMatch(/Total paid \(Test card\) +\$45\.70\n/);
    expect(mail.text).not.toContain('Discount (');
  });

  it('shows the discount code used and what it took off (issue 28)', () => {
    const discounted = { ...order, discountCode: 'SUMMER10', discountTotal: '6.00', orderTotal: '34.68' };
    const mail = orderConfirmationEmail(discounted, lines, 'Test card', shop);
    expect(mail.text).toMatch(/Discount \(SUMMER10\) +−\$6\.00\n/);
  });
});

describe('order emails (issue 25)', () => {
  const delivery = {
    first_name: 'Rui',
    last_name: 'Lima',
    address_line_1: '9 Rua Augusta',
    address_line_2: '',
    postal_code: '4000-001',
    city: 'Porto',
    state: '',
    country: 'Portugal',
    country_code: 'PT',
    phone: '',
    phone_verified: false,
  };

  it("ship to the delivery address when the buyer gave one, in the shop's currency", () => {
    const mail = orderConfirmationEmail({ ...order, shippingAddress: delivery }, lines, 'Test card', {
      ...shop,
      currency: 'EUR',
    });
    expect(mail.text).toContain('Shipping to:\nRui Lima\n9 Rua Augusta\n4000-001 Porto, Portugal\n');
    expect(mail.text).toMatch(/Total paid \(Test card\) +€40\.80\n/);
    expect(mail.text).not.toContain('$');
  });

  it("show each line's colour picture inline, sent with the message", async () => {
    const picture = { filename: 'item-2.jpg', content: Buffer.from('jpeg'), contentType: 'image/jpeg', cid: 'item-2@taberna' };
    const mail = orderConfirmationEmail(order, lines, 'Test card', { ...shop, pictures: new Map([[2, picture]]) });
    expect(mail.html).toContain('<img src="cid:item-2@taberna"');
    expect(mail.attachments).toEqual([picture]);
    const shipped = orderShippedEmail(order, lines, { ...shop, pictures: new Map([[2, picture]]) });
    expect(shipped.html).toContain('<img src="cid:item-2@taberna"');
    expect(shipped.text).toContain('2 × Lamp (Red, M)');
  });
});

describe('orderRefundedEmail', () => {
  it('tells the customer how much goes back and what the order held', () => {
    const mail = orderRefundedEmail({ ...order, orderTotal: '43.20' }, lines, shop);
    expect(mail.to).toBe('zoe@example.com');
    expect(mail.subject).toContain('refunded');
    expect(mail.text).toContain('$43.20');
    expect(mail.text).toContain('2 × Lamp (Red, M)');
    expect(mail.text).toContain(`${PUBLIC_URL}/taberna/dashboard`);
  });
});
