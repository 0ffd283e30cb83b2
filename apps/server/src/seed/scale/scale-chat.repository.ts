import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { MESSAGE_TEXTS } from './scale-content.js';
import { FIXTURES, type ScaleSizes } from './scale-sizes.js';
import { pick, run, timeUuid } from './scale-sql.js';

/** The contract's notification texts (`notificationBody`), the actor's full name first. */
const name = (alias: string) => sql.raw(`${alias}.first_name || ' ' || ${alias}.last_name`);

/**
 * Conversations (person 1 in 60 of them, one with 1,000 messages) and their messages in time
 * order (so `seq` follows time), each conversation's `modified_at` its last message; then the
 * notifications: likes and comments of recent posts, pending friend requests, accepted ones and
 * unread chat messages, the older ones read.
 */
export async function generateChat(db: Executor, sizes: ScaleSizes): Promise<void> {
  const people = sizes.people;
  const hubMessages = FIXTURES.fixtureMessages + (FIXTURES.hubConversations - 1) * FIXTURES.hubMessages;
  const others = sizes.conversations - FIXTURES.hubConversations;
  const average = Math.max(1, (sizes.messages - hubMessages) / others);
  await run(db, [
    sql`create temp table scale_conversations (id uuid primary key, low int, high int, messages int, started timestamptz(3),
      unique (low, high)) on commit drop`,
    sql`insert into scale_conversations
      select gen_random_uuid(), least(h.profile_id, p.profile_id), greatest(h.profile_id, p.profile_id),
             case when p.n = 2 then ${FIXTURES.fixtureMessages}::int else ${FIXTURES.hubMessages}::int end, now() - interval '60 days'
      from scale_people h join scale_people p on p.n between 2 and ${FIXTURES.hubConversations + 1} where h.n = 1`,
    // The others: people from a long tail talking to anyone but person 1, an exponential number of messages each.
    sql`insert into scale_conversations
      select gen_random_uuid(), least(x.profile_id, y.profile_id), greatest(x.profile_id, y.profile_id),
             greatest(1, round(-ln(1 - random()) * ${average}))::int, now() - interval '1 hour' - random() * interval '200 days'
      from (select 2 + floor(${people - 1} * power(random(), 1.5))::int as i, 2 + floor(${people - 1} * random())::int as j
            from generate_series(1, ${Math.round(others * 1.05)})) r
      join scale_people x on x.n = r.i join scale_people y on y.n = r.j
      where r.i <> r.j
      on conflict do nothing`,
    sql`create temp table scale_messages on commit drop as
      select c.id as conversation_id, case when m.low_sends then c.low else c.high end as sender,
             case when m.low_sends then c.high else c.low end as recipient, m.body,
             (c.started + (m.k::float8 / c.messages) * (now() - interval '1 minute' - c.started))::timestamptz(3) as created_at
      from scale_conversations c
      cross join lateral (select k, random() < 0.5 as low_sends, ${pick(MESSAGE_TEXTS)} as body from generate_series(1, c.messages) k) m`,
    sql`insert into social_conversations (id, low_profile_id, high_profile_id, created_at, modified_at)
      select c.id, c.low, c.high, c.started, coalesce(m.last, c.started)
      from scale_conversations c left join (select conversation_id, max(created_at) as last from scale_messages group by 1) m
        on m.conversation_id = c.id`,
    sql`insert into social_conversation_messages (id, conversation_id, created_by_id, sent_to_id, body, created_at)
      select ${timeUuid(sql`created_at`)}, conversation_id, sender, recipient, body, created_at from scale_messages order by created_at`,
  ]);

  const target = sizes.notifications;
  const likes = await countOf(db, 'scale_likes');
  const comments = await countOf(db, 'scale_comments');
  const read = sql`(created_at < now() - interval '2 days' or random() < 0.5)`;
  await run(db, [
    sql`create temp table scale_notifications on commit drop as
      select s.author as created_for, l.profile_id as created_by, 'post_like' as kind,
             ${name('a')} || ' liked your post “' || s.excerpt || '”' as body, s.id as post_id, l.created_at
      from (select * from scale_likes where random() < ${(0.45 * target) / Math.max(1, likes)}) l
      join scale_posts s on s.id = l.post_id join scale_people a on a.profile_id = l.profile_id
      where l.profile_id <> s.author
      union all
      select s.author, c.author, 'post_comment', ${name('a')} || ' commented on your post “' || s.excerpt || '”', s.id, c.created_at
      from (select * from scale_comments
            where random() < ${(0.35 * target) / Math.max(1, comments)}
               or post_id = (select id from scale_posts where author = (select profile_id from scale_people where n = 1)
                             order by created_at desc limit 1)) c
      join scale_posts s on s.id = c.post_id join scale_people a on a.profile_id = c.author
      where c.author <> s.author
      union all
      select case when by_low then hi else lo end, case when by_low then lo else hi end, 'new_friendrequest',
             ${name('a')} || ' sent you a friend request!', null::uuid, r.created_at
      from scale_requests r join scale_people a on a.profile_id = case when by_low then lo else hi end
      union all
      select p.a, p.b, 'accepted_friendrequest', ${name('a')} || ' accepted your friend request!', null::uuid, p.created_at
      from scale_pairs p join scale_people a on a.profile_id = p.b
      where random() < ${(0.1 * target) / Math.max(1, sizes.friendships)}
      union all
      select recipient, sender, 'chat_message', ${name('a')} || ' sent you a message!', null::uuid, created_at
      from (select distinct on (conversation_id) * from scale_messages order by conversation_id, created_at desc) last
      join scale_people a on a.profile_id = last.sender
      where created_at > now() - interval '3 days'`,
    sql`insert into social_notifications (id, created_for_id, created_by_id, type_of_notification, body, post_id, is_read, created_at)
      select ${timeUuid(sql`created_at`)}, created_for, created_by, kind, body, post_id,
             case when kind in ('new_friendrequest', 'chat_message') then false else ${read} end, created_at
      from scale_notifications order by created_at`,
  ]);
}

async function countOf(db: Executor, table: string): Promise<number> {
  const result = (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}
