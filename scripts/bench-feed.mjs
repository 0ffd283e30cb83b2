// The social feed at scale, for `npm run bench`: 10,000 posts added to a seeded embedded database,
// then the time of a feed page at page 1 and at page 500, reached as the web app reaches it.
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../apps/server/dist/db/embedded-postgres.js';

const AUTHORS = ['alice-martin', 'bruno-costa', 'chloe-dubois', 'daniel-kim'];

/** Adds `count` posts (a seventh of them private, all tagged) by Alice and her friends, with their counters. */
export async function addPosts(dataDir, count) {
  const server = await startEmbeddedPostgres({ dir: path.join(dataDir, 'postgres') });
  const db = new pg.Client({ connectionString: server.url() });
  try {
    await db.connect();
    await db.query('begin');
    await db.query(
      `insert into social_posts (id, created_by_id, body, is_private, created_at)
       select gen_random_uuid(), (select id from social_profiles where slug = ($2::text[])[1 + g % 4]),
              'Bench post number ' || g || ' about the weather #benchmark', g % 7 = 0,
              now() - make_interval(secs => 3600 + g * 30)
       from generate_series(1, $1::int) g`,
      [count, AUTHORS],
    );
    await db.query(`insert into social_hashtags (tag) values ('benchmark') on conflict (tag) do nothing`);
    await db.query(
      `insert into social_post_hashtags (post_id, hashtag_id, created_at, listed)
       select p.id, h.id, p.created_at, not p.is_private from social_posts p, social_hashtags h
       where h.tag = 'benchmark' and p.body like 'Bench post number %'`,
    );
    await db.query(
      `update social_hashtags set public_posts_count =
         (select count(*) from social_post_hashtags where hashtag_id = social_hashtags.id and listed)`,
    );
    await db.query(
      `update social_profiles set
         posts_count = (select count(*) from social_posts where created_by_id = social_profiles.id),
         visible_posts_count = (select count(*) from social_posts where created_by_id = social_profiles.id and not is_hidden),
         public_posts_count = (select count(*) from social_posts where created_by_id = social_profiles.id and not is_hidden and not is_private)`,
    );
    await db.query('commit');
    await db.query('analyze');
  } finally {
    await db.end();
    await server.stop();
  }
}

async function timed(url, headers) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.json();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, body };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const summary = (values) =>
  `median ${median(values).toFixed(1)} ms, mean ${(values.reduce((a, b) => a + b, 0) / values.length).toFixed(1)} ms`;

async function repeat(url, headers, times = 30) {
  const times_ = [];
  for (let n = 0; n < times; n += 1) times_.push((await timed(url, headers)).ms);
  return summary(times_);
}

/** Rows for the benchmark table: the feed of a logged-in person and the public one, at page 1 and page 500. */
export async function measureFeed(base) {
  const login = await fetch(`${base}/api/v1/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'alice@example.com', password: 'portal-demo-2026' }),
  });
  const { access } = await login.json();
  const rows = [];
  for (const [who, headers] of [
    ["Alice's feed (her posts and her friends')", { authorization: `Bearer ${access}` }],
    ['the public feed (visitor)', {}],
  ]) {
    const first = await timed(`${base}/api/social-posts/`, headers);
    rows.push([`${who}: posts in the feed`, String(first.body.count)]);
    rows.push([`${who}: page 1`, await repeat(`${base}/api/social-posts/`, headers)]);
    // Walk the `next` links to page 500, as infinite scrolling does.
    let next = first.body.next;
    const walk = [];
    for (let page = 2; page < 500; page += 1) {
      const step = await timed(next, headers);
      walk.push(step.ms);
      next = step.body.next;
    }
    rows.push([`${who}: pages 2-499 through next links`, summary(walk)]);
    rows.push([`${who}: page 500 (its next link)`, await repeat(next, headers)]);
    rows.push([`${who}: page 500 as ?page=500 (offset)`, await repeat(`${base}/api/social-posts/?page=500`, headers)]);
  }
  return rows;
}
