import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdfText } from '../src/ai-lab/documents/pdf-text.js';
import { tabernaInvoiceCounters, tabernaOrders, tabernaPayments } from '../src/db/schema/index.js';
import { giveInvoiceNumber } from '../src/taberna/invoice-numbering.js';
import { createInvoicesRepository } from '../src/taberna/invoices.repository.js';
import { backoffice, member, newestOrderId, pay, placeOrder, type Member } from './support/backoffice.js';
import { addToCart, createProduct, type FixtureProduct } from './support/taberna.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Issue 28, point 5: invoice numbers given at payment, and the invoice and packing slip as PDF. */
let t: TestApp;
let staff: Member;
let bo: ReturnType<typeof backoffice>;
let product: FixtureProduct;

beforeAll(async () => {
  t = await createTestApp({ SHOP_NAME: 'Casa Lusa', SHOP_ADDRESS: '12 Harbour Street|1100-148 Lisboa|Portugal' });
  staff = await member(t, 'staff');
  bo = backoffice(t, staff);
  product = await createProduct(t.database.db, { price: '12.00', stock: 500 });
});
afterAll(() => t.close());

const YEAR = new Date().getUTCFullYear();
const get = (url: string, who?: { headers: Record<string, string> } | null) =>
  t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
const customerInvoice = (orderNumber: string, who?: Member | null) =>
  get(`/taberna-profiles/api/v1/orders/${orderNumber}/invoice/`, who);
const orderRow = async (id: number) => (await t.database.db.select().from(tabernaOrders).where(eq(tabernaOrders.id, id)))[0]!;
const sequence = (invoiceNumber: string) => Number(invoiceNumber.split('-')[1]);
/** The text of a PDF answer, its pages one after the other. */
const pdfText = async (answer: { rawPayload: Buffer }) =>
  (await readPdfText(answer.rawPayload, { maxPages: 10, maxCharacters: 100_000 })).text.replace(/\s+/g, ' ');

/** A customer's order, paid or only placed; answers its id and number. */
async function order(customer: Member, paid: boolean, billing: Record<string, unknown> = {}) {
  const session = await placeOrder(t, customer, product.id, 1, billing);
  if (paid) await pay(t, session);
  const id = await newestOrderId(t, staff, customer);
  return { id, number: (await orderRow(id)).orderNumber, session };
}

describe('invoice numbers', () => {
  it('are given when an order is paid, in the same step; concurrent payments get distinct numbers that follow each other', async () => {
    const customers = await Promise.all([1, 2, 3, 4, 5].map(() => member(t)));
    const placed = await Promise.all(customers.map((customer) => order(customer, false)));
    for (const { id } of placed) expect(await orderRow(id)).toMatchObject({ invoiceNumber: null, invoiceDate: null });

    await Promise.all(placed.map(({ session }) => pay(t, session)));
    const rows = await Promise.all(placed.map(({ id }) => orderRow(id)));
    const numbers = rows.map((row) => row.invoiceNumber!);
    for (const row of rows) {
      expect(row.paymentState).toBe('paid');
      expect(row.invoiceNumber).toMatch(new RegExp(`^${YEAR}-\\d{6}$`));
      expect(row.invoiceDate).toBeInstanceOf(Date);
    }
    const sorted = numbers.map(sequence).sort((a, b) => a - b);
    expect(sorted).toEqual([0, 1, 2, 3, 4].map((i) => sorted[0]! + i));
    // The counter ends where the numbers do: nothing given out and lost.
    const [counter] = await t.database.db.select().from(tabernaInvoiceCounters).where(eq(tabernaInvoiceCounters.year, YEAR));
    expect(counter!.lastNumber).toBe(sorted[4]);

    // Paying again (the webhook after the return page) gives no second number.
    await t.app.inject({
      method: 'POST',
      url: '/taberna-orders/api/v1/order_payment_success/',
      payload: { stripe_session_id: placed[0]!.session },
    });
    expect((await orderRow(placed[0]!.id)).invoiceNumber).toBe(rows[0]!.invoiceNumber);
    // The customer's and the back office's order answers carry it.
    const dashboard = (await get('/taberna-profiles/api/v1/orders/', customers[0])).json() as { invoice_number: string }[];
    expect(dashboard[0]!.invoice_number).toBe(rows[0]!.invoiceNumber);
    expect(((await bo('GET', `/orders/${placed[0]!.id}/`)).json() as { invoice_number: string }).invoice_number).toBe(
      rows[0]!.invoiceNumber,
    );
  });

  it('start again at 1 in a new year, and a payment that rolls back gives its number back (no gap)', async () => {
    const customer = await member(t);
    const [a, b, c] = [await order(customer, false), await order(await member(t), false), await order(await member(t), false)];
    const db = t.database.db;
    const late = new Date(Date.UTC(YEAR + 5, 11, 31, 23, 59, 59));
    const next = new Date(Date.UTC(YEAR + 6, 0, 1, 0, 0, 1));
    expect(await db.transaction((tx) => giveInvoiceNumber(tx, a.id, late))).toEqual({
      invoiceNumber: `${YEAR + 5}-000001`,
      invoiceDate: late,
    });
    await expect(
      db.transaction(async (tx) => {
        await giveInvoiceNumber(tx, b.id, late);
        throw new Error('the payment failed after the number was taken');
      }),
    ).rejects.toThrow('the payment failed');
    expect((await orderRow(b.id)).invoiceNumber).toBeNull();
    expect((await db.transaction((tx) => giveInvoiceNumber(tx, b.id, late))).invoiceNumber).toBe(`${YEAR + 5}-000002`);
    expect((await db.transaction((tx) => giveInvoiceNumber(tx, c.id, next))).invoiceNumber).toBe(`${YEAR + 6}-000001`);
    // An order keeps the one it has.
    await expect(db.transaction((tx) => giveInvoiceNumber(tx, a.id, next))).rejects.toThrow(/already has an invoice/);
    await db.delete(tabernaInvoiceCounters).where(inArray(tabernaInvoiceCounters.year, [YEAR + 5, YEAR + 6]));
    await db
      .update(tabernaOrders)
      .set({ invoiceNumber: null, invoiceDate: null })
      .where(inArray(tabernaOrders.id, [a.id, b.id, c.id]));
  });

  it('are given to orders paid before invoices existed, in the order they were paid, after the year’s numbers', async () => {
    const db = t.database.db;
    const [first, second, third] = [
      await order(await member(t), true),
      await order(await member(t), true),
      await order(await member(t), true),
    ];
    const year = YEAR - 3;
    // As migration 0020 found them: paid, no invoice; the second paid first.
    await db
      .update(tabernaOrders)
      .set({ invoiceNumber: null, invoiceDate: null })
      .where(inArray(tabernaOrders.id, [first.id, second.id, third.id]));
    const paidAt = [new Date(Date.UTC(year, 5, 2)), new Date(Date.UTC(year, 5, 1)), new Date(Date.UTC(year, 5, 3))];
    for (const [index, { id }] of [first, second, third].entries())
      await db.update(tabernaPayments).set({ createdAt: paidAt[index]! }).where(eq(tabernaPayments.orderId, id));
    await db.insert(tabernaInvoiceCounters).values({ year, lastNumber: 7 });

    await db.transaction((tx) => createInvoicesRepository(tx).numberPaidOrders());
    expect((await orderRow(second.id)).invoiceNumber).toBe(`${year}-000008`);
    expect((await orderRow(first.id)).invoiceNumber).toBe(`${year}-000009`);
    expect(await orderRow(third.id)).toMatchObject({ invoiceNumber: `${year}-000010`, invoiceDate: paidAt[2] });
    const [counter] = await db.select().from(tabernaInvoiceCounters).where(eq(tabernaInvoiceCounters.year, year));
    expect(counter!.lastNumber).toBe(10);
    // Unpaid orders get none; running it again changes nothing.
    const unpaid = await order(await member(t), false);
    await db.transaction((tx) => createInvoicesRepository(tx).numberPaidOrders());
    expect((await orderRow(unpaid.id)).invoiceNumber).toBeNull();
    expect((await orderRow(third.id)).invoiceNumber).toBe(`${year}-000010`);
  });
});

describe('invoice and packing slip PDFs', () => {
  it('are the customer’s own and staff’s: 401 without a login, 404 for another’s order, 403 for a customer in the back office, 409 unpaid', async () => {
    const alice = await member(t);
    const mallory = await member(t);
    const bob = await member(t);
    const paid = await order(alice, true);
    const unpaid = await order(bob, false);

    expect((await customerInvoice(paid.number, null)).statusCode).toBe(401);
    const stranger = await customerInvoice(paid.number, mallory);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain(paid.number);
    expect((await customerInvoice('99999999999', alice)).statusCode).toBe(404);
    expect((await customerInvoice('12ab', alice)).statusCode).toBe(400);
    const own = await customerInvoice(paid.number, alice);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toBe(
      `attachment; filename="invoice-${(await orderRow(paid.id)).invoiceNumber}.pdf"`,
    );
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    for (const document of ['invoice', 'packing-slip']) {
      const url = `/api/backoffice/orders/${paid.id}/${document}/`;
      expect((await get(url, null)).statusCode).toBe(401);
      expect((await get(url, alice)).statusCode).toBe(403);
      expect((await get(url, staff)).statusCode).toBe(200);
      expect((await bo('GET', `/orders/2000000000/${document}/`)).statusCode).toBe(404);
      expect((await bo('GET', `/orders/x/${document}/`)).statusCode).toBe(400);
      const notYet = await bo('GET', `/orders/${unpaid.id}/${document}/`);
      expect(notYet.statusCode).toBe(409);
      expect(notYet.json()).toEqual({ detail: 'This order is not paid, so it has no invoice yet.' });
    }
    const waiting = await customerInvoice(unpaid.number, bob);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toEqual({ error: 'This order is not paid, so it has no invoice yet.' });
  });

  it('hold the shop, the numbers, both addresses, the lines with variant, quantity, price and tax, shipping and totals; the slip no prices', async () => {
    // Portugal: a CTT rate and 23% tax. Delivery to another address than the billing one.
    const zone = await bo('POST', '/shipping-zones/', {
      name: 'Portugal',
      countries: ['PT'],
      rates: [{ name: 'CTT Expresso', price: '4.90' }],
    });
    expect(zone.statusCode, zone.body).toBe(201);
    expect((await bo('POST', '/tax-rates/', { country: 'PT', name: 'IVA', rate: '23' })).statusCode).toBe(201);
    const buyer = await member(t);
    const shirt = await createProduct(t.database.db, {
      name: 'Linen shirt',
      price: '39.90',
      stock: 5,
      colors: ['Blue'],
      sizes: ['M'],
    });
    expect((await addToCart(t.app, shirt.id, { color: 'Blue', size: 'M' }, buyer.headers)).statusCode).toBe(200);
    const bought = await order(buyer, false, {
      shipping_rate_id: (zone.json() as { rates: { id: number }[] }).rates[0]!.id,
      first_name: 'Zoë',
      last_name: 'Lima',
      address_line_1: '100 Rua Augusta',
      postal_code: '1100-053',
      shipping_address: {
        first_name: 'Rui',
        last_name: 'Lima',
        address_line_1: '9 Rua das Flores',
        postal_code: '4050-265',
        city: 'Porto',
        country: 'Portugal',
      },
    });
    await pay(t, bought.session);
    const row = await orderRow(bought.id);
    expect(row).toMatchObject({ subtotal: '51.90', tax: '11.94', shippingTotal: '4.90', orderTotal: '68.74' });

    const invoice = await pdfText(await customerInvoice(bought.number, buyer));
    for (const text of [
      'Casa Lusa',
      '12 Harbour Street',
      '1100-148 Lisboa',
      'INVOICE',
      row.invoiceNumber!,
      bought.number,
      'Zoë Lima',
      '100 Rua Augusta',
      '1100-053 Lisbon',
      buyer.person.email,
      'Rui Lima',
      '9 Rua das Flores',
      '4050-265 Porto',
      'Linen shirt (Blue, M)',
      'UNIT PRICE',
      'Subtotal $51.90',
      'Shipping (CTT Expresso) $4.90',
      'Tax $11.94',
      'Total paid $68.74',
    ])
      expect(invoice, text).toContain(text);
    // Each line: variant, quantity, unit price, its share of the 23% tax (9.18 + 2.76 = 11.94), amount.
    expect(invoice).toMatch(/Linen shirt \(Blue, M\) SKU \S+ 1 \$39\.90 \$9\.18 \$39\.90/);
    expect(invoice).toMatch(/Product \w+ SKU \S+ 1 \$12\.00 \$2\.76 \$12\.00/);
    expect(await pdfText(await bo('GET', `/orders/${bought.id}/invoice/`))).toBe(invoice);

    const slipAnswer = await bo('GET', `/orders/${bought.id}/packing-slip/`);
    expect(slipAnswer.headers['content-disposition']).toBe(`attachment; filename="packing-slip-${bought.number}.pdf"`);
    const slip = await pdfText(slipAnswer);
    for (const text of [
      'Casa Lusa',
      'PACKING SLIP',
      bought.number,
      'Rui Lima',
      '9 Rua das Flores',
      'Zoë Lima',
      'Linen shirt (Blue, M)',
      '2 items in total',
    ])
      expect(slip, text).toContain(text);
    expect(slip).toMatch(/Linen shirt \(Blue, M\) \S+ 1/);
    expect(slip).not.toMatch(/\$|39\.90|12\.00|68\.74|Total|Unit price|Tax/);

    // The receipt links the dashboard's invoice, and carries no credential.
    const receipt = t.mail.sent.findLast((message) => message.to === buyer.person.email)!;
    expect(receipt.text).toContain(`Your invoice ${row.invoiceNumber} is ready`);
    expect(receipt.text).toContain(`http://portal.test/taberna/dashboard?invoice=${bought.number}`);
    expect(receipt.text).not.toMatch(/Bearer|eyJ/);
  });
});
