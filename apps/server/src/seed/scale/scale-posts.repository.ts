import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { COMMENT_TEXTS, HASHTAGS, POST_CLOSERS, POST_MIDDLES, POST_OPENERS } from './scale-content.js';
import type { ScalePicture } from './scale-pictures.js';
import { FIXTURES, type ScaleSizes } from './scale-sizes.js';
import { pick, run, timeUuid } from './scale-sql.js';

/**
 * Posts with their hashtags and pictures, likes, comments and a few reports, each post written
 * with its counts (`likes_count`, `comments_count`, `reports_count`) already right: the likes and
 * comments are drawn first (in temporary tables), so no post row is written twice. Recent posts
 * draw more likes and comments. `scale_posts`, `scale_likes` and `scale_comments` stay for the
 * notifications.
 */
export async function generatePosts(db: Executor, sizes: ScaleSizes, pictures: ScalePicture[]): Promise<void> {
  const people = sizes.people;
  const body = sql`${pick(POST_OPENERS)} || ' ' || ${pick(POST_MIDDLES)} || ' ' || ${pick(POST_CLOSERS)}`;
  const tag = (chance: number) => sql`case when random() < ${chance} then ${pick(HASHTAGS, 1.5)} end`;
  await run(db, [
    sql`create temp table scale_drawn_posts on commit drop as
      select p.profile_id as author, d.body, random() < 0.15 as is_private, d.created_at, d.tag1,
             nullif(case when d.tag1 is not null then d.tag2 end, d.tag1) as tag2,
             case when random() < 0.2 then floor(random() * ${pictures.length})::int end as picture
      from (select 2 + floor(${people - 1} * power(random(), 1.6))::int as author_n, ${body} as body,
                   date_trunc('milliseconds', now() - interval '2 minutes' - power(random(), 2) * interval '365 days') as created_at,
                   ${tag(0.35)} as tag1, ${tag(0.3)} as tag2
            from generate_series(1, ${sizes.posts - FIXTURES.hubPosts})) d
      join scale_people p on p.n = d.author_n`,
    // Person 1's posts, one every three hours: the newest is the post with 200 comments.
    sql`insert into scale_drawn_posts
      select p.profile_id, ${body}, false, date_trunc('milliseconds', now() - k * interval '3 hours'), ${tag(0.5)}, null, null
      from scale_people p, generate_series(1, ${FIXTURES.hubPosts}) k where p.n = 1`,
    sql`create temp table scale_posts on commit drop as
      select ${timeUuid(sql`created_at`)} as id, author, body || coalesce(' #' || tag1, '') || coalesce(' #' || tag2, '') as body,
             array_to_string((string_to_array(body, ' '))[1:6], ' ') || '…' as excerpt,
             is_private, created_at::timestamptz(3) as created_at, tag1, tag2, picture,
             row_number() over (order by created_at desc)::int as recency
      from scale_drawn_posts`,
    sql`alter table scale_posts add primary key (id)`,
    sql`create index on scale_posts (recency)`,
    sql`analyze scale_posts`,

    sql`create temp table scale_likes on commit drop as
      select distinct on (s.id, p.profile_id) s.id as post_id, p.profile_id, s.created_at + random() * (now() - s.created_at) as created_at
      from (select 1 + floor(${sizes.posts} * power(random(), 2))::int as r, 1 + floor(${people} * random())::int as n
            from generate_series(1, ${sizes.likes})) d
      join scale_posts s on s.recency = d.r join scale_people p on p.n = d.n`,
    sql`create temp table scale_comments on commit drop as
      select ${timeUuid(sql`c.created_at`)} as id, c.* from (
      select s.id as post_id, p.profile_id as author, ${pick(COMMENT_TEXTS)} as body,
             s.created_at + random() * (now() - s.created_at) as created_at
      from (select 1 + floor(${sizes.posts} * power(random(), 2))::int as r, 1 + floor(${people} * random())::int as n
            from generate_series(1, ${sizes.comments - FIXTURES.fixtureComments})) d
      join scale_posts s on s.recency = d.r join scale_people p on p.n = d.n) c`,
    // The newest post of person 1: one comment from each of 200 friends, ten seconds apart.
    sql`insert into scale_comments
      select ${timeUuid(sql`f.created_at + k * interval '10 seconds'`)}, f.id, p.profile_id, ${pick(COMMENT_TEXTS)},
             f.created_at + k * interval '10 seconds'
      from (select s.id, s.created_at from scale_posts s join scale_people h on h.profile_id = s.author and h.n = 1
            order by s.created_at desc limit 1) f,
           generate_series(2, ${FIXTURES.fixtureComments + 1}) k join scale_people p on p.n = k`,
    sql`create temp table scale_reports on commit drop as
      select distinct on (s.id, p.profile_id) s.id as post_id, p.profile_id, now() - random() * interval '5 days' as created_at
      from (select 1 + floor(${sizes.posts} * random())::int as r, 1 + floor(${people} * random())::int as n
            from generate_series(1, ${Math.max(2, Math.round(sizes.posts / 2000))})) d
      join scale_posts s on s.recency = d.r join scale_people p on p.n = d.n
      where s.author <> p.profile_id and not s.is_private`,

    sql`insert into social_posts (id, created_by_id, body, is_private, likes_count, comments_count, reports_count, last_reported_at, created_at)
      select s.id, s.author, s.body, s.is_private, coalesce(l.n, 0), coalesce(c.n, 0), coalesce(r.n, 0), r.last, s.created_at
      from scale_posts s
      left join (select post_id, count(*)::int as n from scale_likes group by post_id) l on l.post_id = s.id
      left join (select post_id, count(*)::int as n from scale_comments group by post_id) c on c.post_id = s.id
      left join (select post_id, count(*)::int as n, max(created_at) as last from scale_reports group by post_id) r on r.post_id = s.id
      order by s.created_at`,
    // What the post trigger adds for each post written by the app (the load skips triggers when it may).
    sql`insert into social_search_words (word)
      select distinct w from scale_posts, regexp_split_to_table(lower(body), '[^[:alpha:]]+') as w
      where length(w) between 3 and 40
      on conflict (word) do nothing`,
    sql`insert into social_post_attachments (id, post_id, position, image, thumbnail, width, height)
      select gen_random_uuid(), s.id, 0, pic ->> 'image', pic ->> 'thumbnail', (pic ->> 'width')::int, (pic ->> 'height')::int
      from (select id, ${JSON.stringify(pictures)}::jsonb -> picture as pic from scale_posts where picture is not null) s`,
    sql`insert into social_hashtags (tag)
      select tag from (select tag1 as tag from scale_posts union select tag2 from scale_posts) t where tag is not null
      on conflict (tag) do nothing`,
    sql`insert into social_post_hashtags (post_id, hashtag_id, created_at, listed)
      select s.id, h.id, s.created_at, not s.is_private
      from scale_posts s join social_hashtags h on h.tag = s.tag1 or h.tag = s.tag2`,
    sql`insert into social_post_likes (id, post_id, profile_id, created_at)
      select ${timeUuid(sql`created_at`)}, post_id, profile_id, created_at from scale_likes order by created_at`,
    sql`insert into social_post_comments (id, post_id, created_by_id, body, created_at)
      select id, post_id, author, body, created_at from scale_comments order by created_at`,
    sql`insert into social_post_reports (post_id, profile_id, reason, created_at)
      select post_id, profile_id, 'Looks like spam', created_at from scale_reports`,
  ]);
}
