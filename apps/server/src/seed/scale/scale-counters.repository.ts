import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows, run } from './scale-sql.js';

/**
 * The counters the portal keeps beside its rows, counted again from the rows for everyone (the
 * demo people included): each person's friends and posts (all, not hidden, public), each
 * hashtag's public posts. The trends are marked stale, so the next read computes them.
 */
export async function recount(db: Executor): Promise<void> {
  await run(db, [
    sql`update social_profiles p set friends_count = c.friends, posts_count = c.posts, visible_posts_count = c.visible,
        public_posts_count = c.public
      from (select s.id,
                   (select count(*) from social_friendships f where f.profile_id = s.id)::int as friends,
                   coalesce(x.posts, 0) as posts, coalesce(x.visible, 0) as visible, coalesce(x.public, 0) as public
            from social_profiles s
            left join (select created_by_id, count(*)::int as posts, count(*) filter (where not is_hidden)::int as visible,
                              count(*) filter (where not is_hidden and not is_private)::int as public
                       from social_posts group by created_by_id) x on x.created_by_id = s.id) c
      where c.id = p.id and (p.friends_count, p.posts_count, p.visible_posts_count, p.public_posts_count)
                          is distinct from (c.friends, c.posts, c.visible, c.public)`,
    sql`update social_hashtags h set public_posts_count = c.n
      from (select t.id, (select count(*) from social_post_hashtags ph where ph.hashtag_id = t.id and ph.listed)::int as n
            from social_hashtags t) c
      where c.id = h.id and h.public_posts_count <> c.n`,
    sql`delete from portal_meta where key = 'social:trends-computed-at'`,
  ]);
}

/** What a test checks after generating: every kept counter equals a count of the rows (an empty list when all agree). */
export async function counterMismatches(db: Executor): Promise<string[]> {
  const found = await rows<{ problem: string }>(
    db,
    sql`select 'profile ' || s.id || ' friends_count' as problem from social_profiles s
          where s.friends_count <> (select count(*) from social_friendships f where f.profile_id = s.id)
        union all
        select 'profile ' || s.id || ' post counts' from social_profiles s
          where (s.posts_count, s.visible_posts_count, s.public_posts_count) <>
                (select count(*), count(*) filter (where not is_hidden), count(*) filter (where not is_hidden and not is_private)
                 from social_posts p where p.created_by_id = s.id)
        union all
        select 'post ' || p.id || ' counts' from social_posts p
          where p.likes_count <> (select count(*) from social_post_likes l where l.post_id = p.id)
             or p.comments_count <> (select count(*) from social_post_comments c where c.post_id = p.id)
             or p.reports_count <> (select count(*) from social_post_reports r where r.post_id = p.id)
        union all
        select 'hashtag ' || h.tag from social_hashtags h
          where h.public_posts_count <> (select count(*) from social_post_hashtags ph where ph.hashtag_id = h.id and ph.listed)
        union all
        select 'post ' || p.id || ' hashtags' from social_posts p
          where exists (select 1 from social_post_hashtags ph where ph.post_id = p.id and ph.listed <> (not p.is_private and not p.is_hidden))
        union all
        select 'conversation ' || c.id || ' modified_at' from social_conversations c
          where c.modified_at <> coalesce((select max(m.created_at) from social_conversation_messages m where m.conversation_id = c.id), c.modified_at)
        union all
        select 'order ' || o.id || ' totals' from taberna_orders o
          where o.subtotal <> (select coalesce(sum(l.product_price * l.quantity), 0) from taberna_order_lines l where l.order_id = o.id)
             or o.order_total <> o.subtotal + o.tax
             or (o.payment_state = 'paid') <> exists (select 1 from taberna_payments p where p.order_id = o.id and p.amount_paid = o.order_total)
        union all
        select 'product ' || p.id || ' stock' from taberna_products p
          where p.stock <> coalesce((select l.stock_after from taberna_stock_ledger l where l.product_id = p.id
                                      order by l.created_at desc, l.id desc limit 1), p.stock)
        limit 20`,
  );
  return found.map((row) => row.problem);
}
