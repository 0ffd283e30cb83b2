import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { CITIES, FIRST_NAMES, LAST_NAMES, STREETS } from './scale-content.js';
import { FIXTURES, type ScaleSizes } from './scale-sizes.js';
import { nextId, pick, run, textArray } from './scale-sql.js';

/** The email of generated person `n` (1 has 500 friends, 2 has 100 orders: see `FIXTURES`). */
export const scaleEmail = (n: number) => `scale-${n}@example.com`;

/**
 * People: accounts (active, one password), social and shop profiles, friendships (person 1 with
 * exactly 500 friends; the others drawn with a long tail, so a few have hundreds) and pending
 * friend requests. `scale_people` and `scale_pairs` (temporary) map person numbers to ids for the next steps.
 */
export async function generatePeople(db: Executor, sizes: ScaleSizes, passwordHash: string, avatars: string[]): Promise<void> {
  const n = sizes.people;
  const city = (column: number) => sql`(${textArray(CITIES.map((c) => c[column]!))})[1 + p.n % ${CITIES.length}]`;
  await run(db, [
    sql`create temp table scale_people on commit drop as
      select n, ${nextId('accounts')} as account_id, ${nextId('social_profiles')} as profile_id,
             ${pick(FIRST_NAMES)} as first_name, ${pick(LAST_NAMES)} as last_name,
             now() - interval '1 day' - power(random(), 1.5) * interval '700 days' as joined
      from generate_series(1, ${n}) n`,
    sql`alter table scale_people add primary key (n)`,
    sql`create index on scale_people (profile_id)`,
    sql`analyze scale_people`,
    sql`insert into accounts (id, email, username, first_name, last_name, password_hash, is_active, created_at, activated_at, last_login_at)
      overriding system value
      select account_id, 'scale-' || n || '@example.com', lower(first_name || '.' || last_name || '.' || n), first_name, last_name,
             ${passwordHash}, true, joined, joined, case when random() < 0.6 then now() - random() * interval '20 days' end
      from scale_people order by n`,
    sql`insert into social_profiles (id, account_id, slug, avatar, created_at) overriding system value
      select profile_id, account_id, lower(first_name || '-' || last_name || '-' || n),
             case when n % 8 <> 0 then (${textArray(avatars)})[1 + n % ${avatars.length}] end, joined
      from scale_people order by n`,
    sql`insert into taberna_profiles (account_id, phone, address_line_1, city, state, country, created_at)
      select p.account_id, '+1 555 ' || lpad((p.n % 10000)::text, 4, '0'),
             (1 + p.n % 180) || ' ' || (${textArray(STREETS)})[1 + p.n % ${STREETS.length}], ${city(0)}, ${city(1)}, ${city(2)}, p.joined
      from scale_people p order by p.n`,

    // Friendships: pairs (lower profile id first), then both directions.
    sql`create temp table scale_pairs (a int, b int, created_at timestamptz(3), primary key (a, b)) on commit drop`,
    sql`insert into scale_pairs
      select least(h.profile_id, p.profile_id), greatest(h.profile_id, p.profile_id), now() - random() * interval '300 days'
      from scale_people h join scale_people p on p.n between 2 and ${FIXTURES.hubFriends + 1}
      where h.n = 1`,
    // The others: one end drawn from a long tail (persons 3, 4, … have the most friends), never person 1.
    sql`insert into scale_pairs
      select least(x.profile_id, y.profile_id), greatest(x.profile_id, y.profile_id), now() - random() * interval '300 days'
      from (select 3 + floor(${n - 2} * power(random(), 2.2))::int as i, 2 + floor(${n - 1} * random())::int as j
            from generate_series(1, ${sizes.friendships - FIXTURES.hubFriends})) r
      join scale_people x on x.n = r.i join scale_people y on y.n = r.j
      where r.i <> r.j
      on conflict do nothing`,
    sql`insert into social_friendships (profile_id, friend_id, created_at)
      select a, b, created_at from scale_pairs union all select b, a, created_at from scale_pairs`,

    // Pending requests between people who are not friends, at most one per pair; person 1 gets a few.
    sql`create temp table scale_requests (lo int, hi int, by_low boolean, created_at timestamptz(3), primary key (lo, hi)) on commit drop`,
    sql`insert into scale_requests
      select least(x.profile_id, y.profile_id), greatest(x.profile_id, y.profile_id), x.profile_id < y.profile_id,
             now() - random() * interval '20 days'
      from (select 2 + floor(${n - 1} * random())::int as i,
                   case when random() < 0.03 then 1 else 2 + floor(${n - 1} * power(random(), 1.5))::int end as j
            from generate_series(1, ${sizes.friendRequests})) r
      join scale_people x on x.n = r.i join scale_people y on y.n = r.j
      where r.i <> r.j
        and not exists (select 1 from scale_pairs f where f.a = least(x.profile_id, y.profile_id) and f.b = greatest(x.profile_id, y.profile_id))
      on conflict do nothing`,
    sql`insert into social_friendship_requests (id, created_by_id, created_for_id, status, created_at, updated_at)
      select gen_random_uuid(), case when by_low then lo else hi end, case when by_low then hi else lo end, 'sent', created_at, created_at
      from scale_requests`,
  ]);
}
