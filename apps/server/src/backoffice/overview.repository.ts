import { sql } from 'drizzle-orm';
import { LOW_STOCK_THRESHOLD } from '@portal/contracts';
import type { Executor } from '../db/client.js';

interface DayRow {
  day: string;
  sales: string;
  orders: number;
  new_accounts: number;
  ai_lab_requests: number;
}

interface Counts {
  orders_to_ship: number;
  low_stock: number;
  open_reports: number;
}

export const OVERVIEW_DAYS = 30;

/**
 * The overview's figures, per UTC day from `first` to `last` (`YYYY-MM-DD`, both included), each
 * from its own index range: sales and paid orders by payment time (refunded ones left out,
 * partly refunded ones for what was kept),
 * accounts by sign-up, AI lab requests as what the lab records (generated or uploaded media, and
 * logged-in chat questions).
 */
export function createOverviewRepository(db: Executor) {
  return {
    async daily(first: string, last: string): Promise<DayRow[]> {
      const result = await db.execute(sql`
        with days as (
          select generate_series(${first}::date, ${last}::date, interval '1 day')::date as day
        ),
        since as (select (min(day)::timestamp at time zone 'utc') as t from days),
        until as (select ((max(day) + 1)::timestamp at time zone 'utc') as t from days),
        sales as (
          -- A refund marks the order and its payment in one transaction: the payments alone say
          -- which were refunded, read on their date index (issue 24: no reading every order);
          -- a partly refunded one (issue 28) counts what was kept of it.
          select (p.created_at at time zone 'utc')::date as day, sum(p.amount_paid - p.amount_refunded) as sales, count(*)::int as orders
          from taberna_payments p
          where p.created_at >= (select t from since) and p.created_at < (select t from until) and p.status <> 'Refunded'
          group by 1
        ),
        people as (
          select (created_at at time zone 'utc')::date as day, count(*)::int as n
          from accounts where created_at >= (select t from since) and created_at < (select t from until) group by 1
        ),
        ai as (
          select day, sum(n)::int as n from (
            select (created_at at time zone 'utc')::date as day, count(*) as n
            from ai_lab_media where created_at >= (select t from since) and created_at < (select t from until) group by 1
            union all
            select (created_at at time zone 'utc')::date, count(*)
            from ai_lab_messages where role = 'user' and created_at >= (select t from since) and created_at < (select t from until) group by 1
          ) parts group by day
        )
        select to_char(d.day, 'YYYY-MM-DD') as day,
               coalesce(s.sales, 0)::numeric(14, 2)::text as sales,
               coalesce(s.orders, 0) as orders,
               coalesce(pe.n, 0) as new_accounts,
               coalesce(a.n, 0) as ai_lab_requests
        from days d
        left join sales s on s.day = d.day
        left join people pe on pe.day = d.day
        left join ai a on a.day = d.day
        order by d.day`);
      return (result as unknown as { rows: DayRow[] }).rows;
    },

    async counts(): Promise<Counts> {
      const result = await db.execute(sql`
        select
          (select count(*)::int from taberna_orders where order_status in ('paid', 'partially_refunded')) as orders_to_ship,
          (select count(*)::int from taberna_products where hidden_at is null and stock <= ${LOW_STOCK_THRESHOLD}) as low_stock,
          (select count(*)::int from social_posts where reports_count > 0 and moderation is null) as open_reports`);
      return (result as unknown as { rows: Counts[] }).rows[0]!;
    },
  };
}
