import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  COLOUR_VALUES,
  PRODUCT_ADJECTIVES,
  PRODUCT_DESCRIPTIONS,
  PRODUCT_KINDS,
  PRODUCT_MATERIALS,
  REVIEW_SUBJECTS,
  REVIEW_TEXTS,
} from './scale-content.js';
import { NUMBER_PAID_ORDERS_SQL } from '../../taberna/invoices.repository.js';
import { FIXTURES, type ScaleSizes } from './scale-sizes.js';
import { nextId, pick, run, textArray } from './scale-sql.js';

/**
 * The shop: products with colours, sizes and pictures in the demo's six categories (made when
 * missing), orders with their lines and payments, reviews by buyers, and the stock ledger. Every
 * amount is exact and agrees with the shop's own rules: an order's subtotal is the sum of its
 * lines, its tax the configured rate of it rounded half up to the cent, its total their sum, a paid
 * order has one payment of that total; each product's ledger starts with its initial stock, takes
 * every order's reservation off and puts back what cancelled, expired and refunded orders released,
 * and the product's `stock` is where its ledger ends. Person 2 has 100 paid orders.
 */
export async function generateShop(db: Executor, sizes: ScaleSizes, pictures: string[][], taxRateBp: number): Promise<void> {
  const kinds = JSON.stringify(PRODUCT_KINDS.map((kind, index) => ({ ...kind, pictures: pictures[index] ?? [] })));
  const kind = (path: string) => sql.raw(`(kinds.value ${path})`);
  await run(db, [
    sql`insert into taberna_categories (name, slug, description, ordering)
      select k ->> 'category', k ->> 'slug', 'Everything ' || lower(k ->> 'category') || ', picked by our team.', ordinality - 1
      from jsonb_array_elements(${kinds}::jsonb) with ordinality as t(k, ordinality)
      on conflict (slug) do nothing`,
    sql`create temp table scale_products on commit drop as
      select d.n, ${nextId('taberna_products')} as id, c.id as category_id, d.kind,
             d.adjective || ' ' || d.material || ' ' || ${kind(`-> 'nouns' ->> (d.n / ${PRODUCT_KINDS.length} % jsonb_array_length(kinds.value -> 'nouns'))`)} as name,
             d.material, d.price, d.image, d.available, d.created_at, floor(random() * 150)::int as remainder,
             floor(random() * ${COLOUR_VALUES.length})::int as colours
      from (select n, (n - 1) % ${PRODUCT_KINDS.length} as kind, ${pick(PRODUCT_ADJECTIVES)} as adjective, ${pick(PRODUCT_MATERIALS)} as material,
                   (floor(5 + power(random(), 2) * 295) + 0.99)::numeric(10, 2) as price, n % 3 as image, random() < 0.97 as available,
                   now() - interval '400 days' - random() * interval '300 days' as created_at
            from generate_series(1, ${sizes.products}) n) d
      cross join lateral (select value from jsonb_array_elements(${kinds}::jsonb) with ordinality as e(value, position)
                          where position = d.kind + 1) kinds
      join taberna_categories c on c.slug = kinds.value ->> 'slug'`,
    sql`alter table scale_products add primary key (n)`,

    sql`create temp table scale_orders on commit drop as
      select ${nextId('taberna_orders')} as id, p.account_id, p.n, p.first_name, p.last_name, d.at, d.lines,
             case when d.fate < 0.03 then 'cancelled' when d.fate < 0.05 then 'expired' else 'paid' end as payment_state,
             case when d.fate < 0.05 then null when d.fate < 0.07 then 'refunded'
                  when d.at < now() - interval '7 days' then 'delivered' when d.at < now() - interval '2 days' then 'shipped' end as fulfilment
      from (select g, case when g <= ${FIXTURES.fixtureOrders} then 2 else 3 + floor(${sizes.people - 2} * power(random(), 1.3))::int end as person,
                   date_trunc('milliseconds', now() - interval '1 hour' - power(random(), 1.5) * interval '365 days') as at,
                   case when g <= ${FIXTURES.fixtureOrders} then 0.5 + random() / 2 else random() end as fate,
                   1 + floor(random() * 3)::int as lines
            from generate_series(1, ${sizes.orders}) g) d
      join scale_people p on p.n = d.person`,
    sql`alter table scale_orders add primary key (id)`,
    sql`create temp table scale_lines on commit drop as
      select distinct on (x.id, x.product) x.id as order_id, p.id as product_id, p.name, p.price, x.quantity, x.at
      from (select o.id, o.at, 1 + floor(${sizes.products} * power(random(), 1.5))::int as product,
                   1 + floor(power(random(), 3) * 3)::int as quantity
            from scale_orders o cross join lateral generate_series(1, o.lines) k) x
      join scale_products p on p.n = x.product`,
    // What each product's ledger ends at: what is left, plus what released orders gave back.
    sql`create temp table scale_released on commit drop as
      select l.product_id, sum(l.quantity)::int as reserved,
             sum(l.quantity) filter (where o.payment_state <> 'paid' or o.fulfilment = 'refunded')::int as released
      from scale_lines l join scale_orders o on o.id = l.order_id group by l.product_id`,

    sql`insert into taberna_products (id, category_id, name, slug, description, price, image, stock, is_available, created_at, updated_at)
      overriding system value
      select p.id, p.category_id, p.name, lower(regexp_replace(p.name, '[^A-Za-z0-9]+', '-', 'g')) || '-' || p.n,
             'Made of ' || lower(p.material) || '. ' || ${pick(PRODUCT_DESCRIPTIONS)}, p.price,
             ${kind(`-> 'pictures' ->> p.image`)}, p.remainder + coalesce(r.released, 0), p.available, p.created_at, p.created_at
      from scale_products p
      cross join lateral (select value from jsonb_array_elements(${kinds}::jsonb) with ordinality as e(value, position)
                          where position = p.kind + 1) kinds
      left join scale_released r on r.product_id = p.id
      order by p.n`,
    sql`insert into taberna_product_gallery (product_id, image, position)
      select p.id, ${kind(`-> 'pictures' ->> ((p.image + k) % 3)`)}, k - 1
      from scale_products p cross join generate_series(1, 2) k
      cross join lateral (select value from jsonb_array_elements(${kinds}::jsonb) with ordinality as e(value, position)
                          where position = p.kind + 1) kinds`,
    sql`insert into taberna_variations (product_id, category, value, created_at)
      select p.id, 'color', (${textArray(COLOUR_VALUES)})[1 + (p.colours + k * 4) % ${COLOUR_VALUES.length}], p.created_at
      from scale_products p cross join generate_series(0, 2) k
      union all
      select p.id, 'size', s.value, p.created_at
      from scale_products p
      cross join lateral (select value from jsonb_array_elements(${kinds}::jsonb) with ordinality as e(value, position)
                          where position = p.kind + 1) kinds
      cross join lateral jsonb_array_elements_text(kinds.value -> 'sizes') s(value)`,
    // What each line was bought in: the product's first colour and first size.
    sql`create temp table scale_choices on commit drop as
      select product_id, array_agg(id order by id) as ids,
             jsonb_agg(jsonb_build_object('id', id, 'variation_category', category, 'variation_value', value) order by id) as variations
      from (select distinct on (v.product_id, v.category) v.product_id, v.id, v.category, v.value
            from taberna_variations v join scale_products p on p.id = v.product_id
            order by v.product_id, v.category, v.id) first
      group by product_id`,

    sql`insert into taberna_orders (id, account_id, order_number, first_name, last_name, phone, email, address_line_1, country, state, city,
        subtotal, tax, order_total, payment_state, provider, ip, is_ordered, expires_at, fulfilment, tracking, shipped_at, delivered_at,
        refunded_at, refund_id, created_at, updated_at)
      overriding system value
      select o.id, o.account_id, to_char(o.at at time zone 'utc', 'YYYYMMDD') || o.id, o.first_name, o.last_name, tp.phone,
             'scale-' || o.n || '@example.com', tp.address_line_1, tp.country, tp.state, tp.city,
             t.subtotal, t.tax, t.subtotal + t.tax, o.payment_state, 'test', '127.0.0.1', o.payment_state = 'paid',
             o.at + interval '30 minutes', o.fulfilment,
             case when o.fulfilment in ('shipped', 'delivered') then 'Parcel ' || o.id end,
             case when o.fulfilment in ('shipped', 'delivered') then o.at + interval '1 day' end,
             case when o.fulfilment = 'delivered' then o.at + interval '4 days' end,
             case when o.fulfilment = 'refunded' then o.at + interval '3 days' end,
             case when o.fulfilment = 'refunded' then 'scale_refund_' || o.id end,
             o.at, o.at
      from scale_orders o
      join taberna_profiles tp on tp.account_id = o.account_id
      join (select order_id, sum(price * quantity) as subtotal, round(sum(price * quantity) * ${taxRateBp}::numeric / 10000, 2) as tax
            from scale_lines group by order_id) t on t.order_id = o.id
      order by o.id`,
    sql`insert into taberna_order_lines (order_id, product_id, product_name, variation_ids, variations, quantity, product_price, ordered, created_at)
      select l.order_id, l.product_id, l.name, coalesce(c.ids, '{}'), coalesce(c.variations, '[]'), l.quantity, l.price,
             o.payment_state = 'paid', l.at
      from scale_lines l join scale_orders o on o.id = l.order_id left join scale_choices c on c.product_id = l.product_id
      order by l.order_id`,
    sql`insert into taberna_payments (order_id, payment_id, payment_method, amount_paid, status, created_at)
      select o.id, 'scale_' || o.id, 'Test card', o.order_total, case when o.fulfilment = 'refunded' then 'Refunded' else 'Completed' end,
             o.created_at + interval '1 minute'
      from taberna_orders o join scale_orders s on s.id = o.id
      where o.payment_state = 'paid'
      order by o.id`,
    sql`insert into taberna_stock_ledger (product_id, delta, stock_after, kind, reason, order_id, created_at)
      select product_id, delta, sum(delta) over (partition by product_id order by created_at, step, order_id), kind, reason, order_id, created_at
      from (select p.id as product_id, p.remainder + coalesce(r.reserved, 0) as delta, 'adjustment' as kind, 'Initial stock' as reason,
                   null::int as order_id, p.created_at, 0 as step
            from scale_products p left join scale_released r on r.product_id = p.id
            union all
            select l.product_id, -l.quantity, 'reservation', 'Reserved by an order', l.order_id, l.at, 1 from scale_lines l
            union all
            select l.product_id, l.quantity, 'release',
                   case when o.fulfilment = 'refunded' then 'Refunded' when o.payment_state = 'expired' then 'Order expired' else 'Order cancelled' end,
                   l.order_id, l.at + interval '30 minutes', 2
            from scale_lines l join scale_orders o on o.id = l.order_id
            where o.payment_state <> 'paid' or o.fulfilment = 'refunded') events
      order by created_at`,
    sql`insert into taberna_reviews (product_id, account_id, subject, review, rating, ip, is_approved, created_at, updated_at)
      select distinct on (l.product_id, o.account_id) l.product_id, o.account_id, ${pick(REVIEW_SUBJECTS)}, ${pick(REVIEW_TEXTS)},
             least(5, 1 + floor(5 * power(random(), 0.4)))::smallint, '127.0.0.1', true, o.at + interval '5 days', o.at + interval '5 days'
      from scale_lines l join scale_orders o on o.id = l.order_id
      where o.fulfilment = 'delivered' and random() < 0.08
      on conflict do nothing`,
    // Issue 28: the paid orders' invoice numbers, in the order they were paid.
    ...NUMBER_PAID_ORDERS_SQL,
  ]);
}
