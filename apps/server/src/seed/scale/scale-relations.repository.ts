import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { FIXTURES, type ScaleSizes } from './scale-sizes.js';
import { run } from './scale-sql.js';

/**
 * Issue 27's tables at size: blocks between people who are not friends, mutes, bookmarks of
 * public posts (recent ones more often) and mentions (the post's text ends with `@slug`, as the
 * app writes it). Person 1 blocks `hubBlocks` people, mutes `hubMutes` of their friends, has
 * `hubBookmarks` bookmarks and is mentioned in `hubMentions` posts. Runs after the people and
 * posts (it reads `scale_people`, `scale_pairs` and `scale_posts`).
 */
export async function generateRelations(db: Executor, sizes: ScaleSizes): Promise<void> {
  const people = sizes.people;
  const anyone = sql`2 + floor(${people - 1} * random())::int`;
  await run(db, [
    sql`insert into social_blocks (profile_id, target_id, created_at)
      select x.profile_id, y.profile_id, now() - random() * interval '200 days'
      from (select ${anyone} as i, ${anyone} as j from generate_series(1, ${sizes.blocks})) r
      join scale_people x on x.n = r.i join scale_people y on y.n = r.j
      where r.i <> r.j
        and not exists (select 1 from scale_pairs f where f.a = least(x.profile_id, y.profile_id) and f.b = greatest(x.profile_id, y.profile_id))
      on conflict do nothing`,
    // Person 1 blocks people just past their friends (2 … hubFriends + 1), so no friendship is broken.
    sql`insert into social_blocks (profile_id, target_id, created_at)
      select h.profile_id, p.profile_id, now() - (p.n - ${FIXTURES.hubFriends}) * interval '1 day'
      from scale_people h join scale_people p on p.n between ${FIXTURES.hubFriends + 2} and ${FIXTURES.hubFriends + 1 + FIXTURES.hubBlocks}
      where h.n = 1
      on conflict do nothing`,
    sql`insert into social_mutes (profile_id, target_id, created_at)
      select x.profile_id, y.profile_id, now() - random() * interval '200 days'
      from (select ${anyone} as i, ${anyone} as j from generate_series(1, ${sizes.mutes})) r
      join scale_people x on x.n = r.i join scale_people y on y.n = r.j
      where r.i <> r.j
      on conflict do nothing`,
    // …and mutes the last of their friends.
    sql`insert into social_mutes (profile_id, target_id, created_at)
      select h.profile_id, p.profile_id, now() - (p.n % 30) * interval '1 day'
      from scale_people h join scale_people p on p.n between ${FIXTURES.hubFriends + 2 - FIXTURES.hubMutes} and ${FIXTURES.hubFriends + 1}
      where h.n = 1
      on conflict do nothing`,

    sql`insert into social_bookmarks (profile_id, post_id, created_at)
      select distinct on (p.profile_id, s.id) p.profile_id, s.id, s.created_at + random() * (now() - s.created_at)
      from (select 1 + floor(${sizes.posts} * power(random(), 2))::int as r, ${anyone} as n
            from generate_series(1, ${sizes.bookmarks})) d
      join scale_posts s on s.recency = d.r join scale_people p on p.n = d.n
      where not s.is_private
      on conflict do nothing`,
    sql`insert into social_bookmarks (profile_id, post_id, created_at)
      select h.profile_id, s.id, s.created_at + interval '1 hour'
      from scale_people h, (select id, created_at from scale_posts where not is_private and recency % 7 = 0
                            order by recency limit ${FIXTURES.hubBookmarks}) s
      where h.n = 1
      on conflict do nothing`,

    // Person 1 in every eleventh public post of someone else, the others drawn at random from the other posts.
    sql`create temp table scale_mentions on commit drop as
      select s.id as post_id, h.profile_id
      from scale_people h, (select id from scale_posts where not is_private and recency % 11 = 0
                              and author <> (select profile_id from scale_people where n = 1)
                            order by recency limit ${FIXTURES.hubMentions}) s
      where h.n = 1`,
    sql`insert into scale_mentions
      select distinct on (s.id) s.id, p.profile_id
      from (select 1 + floor(${sizes.posts} * random())::int as r, 2 + floor(${people - 1} * power(random(), 1.5))::int as n
            from generate_series(1, ${sizes.mentions})) d
      join scale_posts s on s.recency = d.r join scale_people p on p.n = d.n
      where not s.is_private and s.author <> p.profile_id and s.recency % 11 <> 0
      order by s.id, d.n`,
    sql`update social_posts sp set body = sp.body || ' @' || pr.slug
      from scale_mentions m join social_profiles pr on pr.id = m.profile_id
      where sp.id = m.post_id`,
    sql`insert into social_post_mentions (post_id, profile_id) select post_id, profile_id from scale_mentions`,
  ]);
}
