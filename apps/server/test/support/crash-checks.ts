import type pg from 'pg';
import type { Ledger } from './crash-load.js';

export interface CrashVerdict {
  /** Acknowledged writes looked up in the database. */
  checked: number;
  /** Every acknowledged write that is missing or wrong, and every broken order invariant. */
  wrong: string[];
  /** Orders paid (test checkout or recorded charge) but still pending when looked at (should be none). */
  paidButPending: number;
}

const missing = (what: string, expected: string[], found: Set<string>) =>
  expected.filter((key) => !found.has(key)).map((key) => `acknowledged ${what} missing: ${key}`);

/**
 * Reads the database after the crashes, in one snapshot: every acknowledged write must be there,
 * and no order may be half done — a payment exactly for the paid orders, paid orders' lines marked
 * ordered and no others, every paid test checkout's order completed, and the product's stock plus
 * what live orders hold equal to what it started with.
 */
export async function verifyAfterCrashes(
  db: pg.Client,
  ledger: Ledger,
  product: { id: number; initialStock: number },
): Promise<CrashVerdict> {
  const wrong: string[] = [];
  await db.query('begin isolation level repeatable read read only');
  const column = async (query: string, values: unknown[] = []) =>
    new Set((await db.query<{ key: string }>(query, values)).rows.map((row) => String(row.key)));
  try {
    const signups = await column('select lower(email) as key from accounts where lower(email) = any($1)', [ledger.signups]);
    wrong.push(...missing('sign-up', ledger.signups, signups));
    const posts = await column(`select id::text || ' ' || body as key from social_posts where id = any($1::uuid[])`, [
      ledger.posts.map((post) => post.id),
    ]);
    wrong.push(
      ...missing(
        'post',
        ledger.posts.map((post) => `${post.id} ${post.body}`),
        posts,
      ),
    );
    const messages = await column('select id::text as key from social_conversation_messages where id = any($1::uuid[])', [
      ledger.messages,
    ]);
    wrong.push(...missing('chat message', ledger.messages, messages));
    const placed = await column('select session_id as key from taberna_orders where session_id = any($1)', [ledger.placed]);
    wrong.push(...missing('order', ledger.placed, placed));
    const paid = await column(
      `select o.session_id as key from taberna_orders o join taberna_payments p on p.order_id = o.id
       where o.session_id = any($1) and o.payment_state = 'paid' and o.is_ordered`,
      [ledger.paid],
    );
    wrong.push(...missing('payment', ledger.paid, paid));
    const charged = await column(
      `select o.order_number as key from taberna_orders o join taberna_payments p on p.order_id = o.id
       where o.order_number = any($1) and o.payment_state = 'paid' and o.is_ordered`,
      [ledger.charged],
    );
    wrong.push(...missing('charged order', ledger.charged, charged));

    // Cart lines stay in the cart until their order is paid; then they move to its lines.
    const held = await db.query<{ email: string; quantity: string }>(
      `select lower(a.email) as email,
              coalesce((select sum(i.quantity) from taberna_cart_items i join taberna_carts c on c.id = i.cart_id
                        where c.account_id = a.id), 0)
            + coalesce((select sum(l.quantity) from taberna_order_lines l join taberna_orders o on o.id = l.order_id
                        where o.account_id = a.id and o.payment_state = 'paid'), 0) as quantity
       from accounts a where lower(a.email) = any($1)`,
      [[...ledger.carts.keys()].map((email) => email.toLowerCase())],
    );
    const carts = new Map([...ledger.carts].map(([email, cart]) => [email.toLowerCase(), cart]));
    if (held.rows.length !== carts.size) wrong.push(`shoppers found: ${held.rows.length} of ${carts.size}`);
    for (const row of held.rows) {
      const cart = carts.get(row.email);
      const quantity = Number(row.quantity);
      if (!cart || quantity < cart.acked || quantity > cart.attempted) {
        wrong.push(
          `${row.email} holds ${quantity} in cart and paid orders; acknowledged ${cart?.acked}, sent ${cart?.attempted}`,
        );
      }
    }

    const invariants: [string, string][] = [
      [
        'orders paid without a payment, or with a payment but not paid',
        `select o.order_number as key from taberna_orders o left join taberna_payments p on p.order_id = o.id
         where (o.payment_state = 'paid') <> (p.id is not null) or (o.payment_state = 'paid') <> o.is_ordered`,
      ],
      [
        'order lines marked ordered on an unpaid order, or not marked on a paid one',
        `select distinct o.order_number as key from taberna_orders o join taberna_order_lines l on l.order_id = o.id
         where l.ordered <> (o.payment_state = 'paid')`,
      ],
    ];
    for (const [what, query] of invariants) for (const key of await column(query)) wrong.push(`${what}: ${key}`);
    // A paid test checkout, or a recorded charge, must have completed its order (finding 12).
    const paidButPending = await column(
      `select o.order_number as key from taberna_orders o left join taberna_test_checkout_sessions s on s.id = o.session_id
       where (s.status = 'paid' or o.charge_id is not null) and o.payment_state <> 'paid'`,
    );
    for (const key of paidButPending) wrong.push(`paid (test checkout or charge) but the order is not completed: ${key}`);
    const stock = await db.query<{ stock: number; held: string }>(
      `select p.stock, coalesce((select sum(l.quantity) from taberna_order_lines l join taberna_orders o on o.id = l.order_id
        where l.product_id = p.id and o.payment_state in ('pending', 'paid')), 0) as held
       from taberna_products p where p.id = $1`,
      [product.id],
    );
    const { stock: left, held: inOrders } = stock.rows[0]!;
    if (left + Number(inOrders) !== product.initialStock) {
      wrong.push(`stock: ${left} left + ${inOrders} in live orders ≠ ${product.initialStock} at the start`);
    }
    const adds = [...carts.values()].reduce((sum, cart) => sum + cart.acked, 0);
    const checked =
      ledger.signups.length +
      ledger.posts.length +
      ledger.messages.length +
      ledger.placed.length +
      ledger.paid.length +
      ledger.charged.length +
      adds;
    return { checked, wrong, paidButPending: paidButPending.size };
  } finally {
    await db.query('rollback');
  }
}
