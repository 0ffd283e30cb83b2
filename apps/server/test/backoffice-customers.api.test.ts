import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, backofficeAudit } from '../src/db/schema/index.js';
import { backoffice, member, newestOrderId, paidOrder, placeOrder, type Member } from './support/backoffice.js';
import { createProduct } from './support/taberna.js';
import { createTestApp, type TestApp } from './support/test-app.js';

// Issue 28, points 8 (order notes, timeline, carrier tracking) and 7 (customers): one app for both.
let t: TestApp;
let staff: Member;
let bo: ReturnType<typeof backoffice>;

beforeAll(async () => {
  t = await createTestApp();
  staff = await member(t, 'staff');
  bo = backoffice(t, staff);
});
afterAll(() => t.close());

interface Timeline {
  kind: string;
  body: string;
  actor: string | null;
  created_at: string;
}
interface OrderAnswer {
  id: number;
  order_number: string;
  order_total: string;
  carrier: string | null;
  tracking: string | null;
  tracking_url: string | null;
  history: { action: string }[];
  timeline: Timeline[];
}
interface CustomerRow {
  id: number;
  email: string;
  name: string;
  orders_count: number;
  total_spent: string;
  last_order_at: string | null;
}

const customerOrders = async (customer: Member) =>
  (await t.app.inject({ method: 'GET', url: '/taberna-profiles/api/v1/orders/', headers: customer.headers })).json() as {
    order_number: string;
    carrier: string | null;
    tracking: string | null;
    tracking_url: string | null;
  }[];
const notesWritten = async (id: number) =>
  (
    await t.database.db
      .select()
      .from(backofficeAudit)
      .where(and(eq(backofficeAudit.target, `order:${id}`), eq(backofficeAudit.action, 'order.note')))
  ).length;

describe('order notes and timeline', () => {
  it('adds staff notes (1–2000 characters, audited) to a timeline of what happened, in order', async () => {
    const product = await createProduct(t.database.db, { stock: 10 });
    const customer = await member(t);
    const id = await paidOrder(t, staff, customer, product.id);
    const note = (body: unknown, who: { headers: Record<string, string> } | null = staff) =>
      backoffice(t, who)('POST', `/orders/${id}/notes/`, { body });

    for (const bad of ['', '   ', 'x'.repeat(2001), 5, null]) {
      const refused = await note(bad);
      expect(refused.statusCode, String(bad)).toBe(400);
      expect(refused.json()).toHaveProperty('body');
    }
    expect((await note('Hello', null)).statusCode).toBe(401);
    expect((await note('Hello', customer)).statusCode).toBe(403);
    expect((await bo('POST', '/orders/999999/notes/', { body: 'Lost' })).statusCode).toBe(404);
    expect(await notesWritten(id)).toBe(0);

    const added = await note('  Customer asked for gift wrap.  ');
    expect(added.statusCode, added.body).toBe(201);
    expect((added.json() as OrderAnswer).timeline.at(-1)).toEqual({
      kind: 'note',
      body: 'Customer asked for gift wrap.',
      actor: staff.person.email,
      created_at: expect.any(String),
    });
    expect((await note('x'.repeat(2000))).statusCode).toBe(201);
    expect(await notesWritten(id)).toBe(2);
    expect((await bo('POST', `/orders/${id}/ship/`, { carrier: 'GLS', tracking: 'G123' })).statusCode).toBe(200);
    await note('Left at the door.');
    expect((await bo('POST', `/orders/${id}/deliver/`)).statusCode).toBe(200);

    const order = (await bo('GET', `/orders/${id}/`)).json() as OrderAnswer;
    expect(order.timeline.map((e) => e.kind)).toEqual(['placed', 'paid', 'note', 'note', 'shipped', 'note', 'delivered']);
    expect(order.timeline[1]).toMatchObject({ body: 'Test card', actor: null });
    expect(order.timeline[4]).toMatchObject({ body: 'GLS G123', actor: staff.person.email });
    const times = order.timeline.map((e) => e.created_at);
    expect(times).toEqual([...times].sort());
    // The steps' history is as it was: notes are not steps.
    expect(order.history.map((h) => h.action)).toEqual(['placed', 'paid', 'ship', 'deliver']);
    // The customer's own answer has no staff notes.
    expect(JSON.stringify(await customerOrders(customer))).not.toContain('gift wrap');
  });

  it('ships with a carrier: a known one links its tracking page for that customer only, an unknown one does not', async () => {
    const product = await createProduct(t.database.db, { stock: 10 });
    const customer = await member(t);
    const other = await member(t);
    const id = await paidOrder(t, staff, customer, product.id);
    await paidOrder(t, staff, other, product.id);

    const shipped = await bo('POST', `/orders/${id}/ship/`, { carrier: 'dhl', tracking: 'JD0142' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const url = 'https://www.dhl.com/global-en/home/tracking.html?tracking-id=JD0142&submit=1';
    const order = shipped.json() as OrderAnswer;
    expect(order).toMatchObject({ carrier: 'DHL', tracking: 'JD0142', tracking_url: url });

    const own = (await customerOrders(customer)).find((o) => o.order_number === order.order_number);
    expect(own).toMatchObject({ carrier: 'DHL', tracking: 'JD0142', tracking_url: url });
    const others = await customerOrders(other);
    expect(others.map((o) => o.order_number)).not.toContain(order.order_number);
    expect(others.every((o) => o.tracking_url === null && o.carrier === null)).toBe(true);
    expect((await backoffice(t, customer)('GET', `/orders/${id}/`)).statusCode).toBe(403);

    const mail = t.mail.sent.find((m) => m.to === customer.person.email && m.subject.includes('has shipped'));
    expect(mail?.text).toContain(`Track your parcel:\n${url}\n`);
    expect(mail?.html).toContain(`href="${url.replace('&', '&amp;')}"`);

    const otherId = await newestOrderId(t, staff, other);
    const unknown = (
      await bo('POST', `/orders/${otherId}/ship/`, { carrier: 'Pony Express', tracking: 'P1' })
    ).json() as OrderAnswer;
    expect(unknown).toMatchObject({ carrier: 'Pony Express', tracking: 'P1', tracking_url: null });
    expect((await customerOrders(other))[0]).toMatchObject({ carrier: 'Pony Express', tracking_url: null });
    const otherMail = t.mail.sent.find((m) => m.to === other.person.email && m.subject.includes('has shipped'));
    expect(otherMail?.text).toContain('Tracking: Pony Express P1');
    expect(otherMail?.text).not.toContain('Track your parcel');
    expect((await bo('POST', `/orders/${id}/ship/`, { carrier: 'x'.repeat(41) })).statusCode).toBe(400);
  });
});

describe('customers', () => {
  it('lists customers with their paid orders and spending, searched and in keyset pages; one customer with orders, addresses and notes', async () => {
    const product = await createProduct(t.database.db, { stock: 50, price: '10.00' });
    const marker = `Zed${Date.now().toString(36)}`;
    const [first, second, third] = [await member(t), await member(t), await member(t)];
    for (const [i, who] of [first, second, third].entries())
      await t.database.db
        .update(accounts)
        .set({ firstName: 'Ana', lastName: `${marker}${i}` })
        .where(eq(accounts.id, who.accountId));

    const kept = await paidOrder(t, staff, second, product.id, 2);
    const refunded = await paidOrder(t, staff, second, product.id, 1);
    expect((await bo('POST', `/orders/${refunded}/refund/`)).statusCode).toBe(200);
    await placeOrder(t, second, product.id);
    expect((await bo('POST', `/orders/${kept}/notes/`, { body: 'VIP' })).statusCode).toBe(201);
    const keptOrder = (await bo('GET', `/orders/${kept}/`)).json() as OrderAnswer;

    const page1 = await bo('GET', `/customers/?search=${marker}&page_size=2`);
    expect(page1.statusCode, page1.body).toBe(200);
    const one = page1.json() as { results: CustomerRow[]; next: string | null };
    expect(one.results.map((c) => c.id)).toEqual([third.accountId, second.accountId]);
    expect(one.next).toMatch(new RegExp(`/api/backoffice/customers/\\?search=${marker}&page_size=2&cursor=${second.accountId}$`));
    expect(one.results[1]).toEqual({
      id: second.accountId,
      email: second.person.email,
      name: `Ana ${marker}1`,
      orders_count: 2,
      total_spent: keptOrder.order_total,
      last_order_at: expect.any(String),
    });
    expect(one.results[0]).toMatchObject({ orders_count: 0, total_spent: '0.00', last_order_at: null });
    const two = (await t.app.inject({ method: 'GET', url: one.next!, headers: staff.headers })).json() as {
      results: CustomerRow[];
      next: string | null;
    };
    expect(two).toEqual({ results: [expect.objectContaining({ id: first.accountId })], next: null });
    const byEmail = (await bo('GET', `/customers/?search=${encodeURIComponent(second.person.email)}`)).json() as {
      results: CustomerRow[];
    };
    expect(byEmail.results.map((c) => c.id)).toEqual([second.accountId]);
    const everyone = (await bo('GET', '/customers/')).json() as { results: CustomerRow[]; next: string | null };
    expect(everyone.results.length).toBeGreaterThanOrEqual(5);
    expect((await bo('GET', '/customers/?page_size=0')).statusCode).toBe(400);
    expect((await bo('GET', '/customers/?cursor=abc')).statusCode).toBe(400);

    const detail = await bo('GET', `/customers/${second.accountId}/`);
    expect(detail.statusCode, detail.body).toBe(200);
    const customer = detail.json() as CustomerRow & {
      orders: { id: number; status: string }[];
      addresses: { kind: string; lines: string[] }[];
      notes: { order_id: number; order_number: string; body: string; actor: string }[];
    };
    expect(customer).toMatchObject({ orders_count: 2, total_spent: keptOrder.order_total });
    expect(customer.orders.map((o) => o.status)).toEqual(['placed', 'refunded', 'paid']);
    expect(customer.orders[2]!.id).toBe(kept);
    expect(customer.addresses.map((a) => a.kind)).toContain('billing');
    expect(customer.addresses[0]!.lines[0]).toBe(`Ana ${marker}1`);
    expect(customer.notes).toEqual([
      {
        order_id: kept,
        order_number: keptOrder.order_number,
        body: 'VIP',
        actor: staff.person.email,
        created_at: expect.any(String),
      },
    ]);
    expect((await bo('GET', '/customers/999999/')).statusCode).toBe(404);
    expect((await backoffice(t, null)('GET', '/customers/')).statusCode).toBe(401);
    expect((await backoffice(t, second)('GET', `/customers/${second.accountId}/`)).statusCode).toBe(403);
  });
});
