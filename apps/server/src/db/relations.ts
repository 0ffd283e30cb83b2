import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { blocks, mutes, socialProfiles } from './schema/index.js';

/**
 * Issue 27: who someone blocked or muted, as SQL every list, page and notification composes (the
 * social network and notifications both use it, so it lives beside the schema). Each predicate is a
 * `not exists` on a primary key `(profile_id, target_id)`: one index probe per row, which PostgreSQL
 * can also run as an anti-join. The subqueries name their table (`b`, `m`), so a column of the outer
 * query that drizzle writes unqualified is never taken for one of theirs. `viewer` is a profile id,
 * a placeholder of a prepared statement or a column; anonymous readers (null) block and mute nobody.
 */
type Side = SQLWrapper | number;

/** Neither blocked the other. */
export function notBlockedBetween(viewer: Side | null, other: Side): SQL {
  if (viewer === null) return sql`true`;
  return sql`(not exists (select 1 from ${blocks} b where b.profile_id = ${viewer} and b.target_id = ${other})
    and not exists (select 1 from ${blocks} b where b.profile_id = ${other} and b.target_id = ${viewer}))`;
}

/** The viewer has not muted the other. */
export function notMutedBy(viewer: Side | null, other: Side): SQL {
  if (viewer === null) return sql`true`;
  return sql`not exists (select 1 from ${mutes} m where m.profile_id = ${viewer} and m.target_id = ${other})`;
}

/** What lists show the viewer of someone: nothing when either blocked the other or the viewer muted them. */
export const listedFor = (viewer: Side | null, author: Side): SQL =>
  viewer === null ? sql`true` : sql`(${notBlockedBetween(viewer, author)} and ${notMutedBy(viewer, author)})`;

/**
 * {@link listedFor} for reads that filter many rows (searches): the authors hidden from the viewer
 * as one array, read once and compared per row. PostgreSQL may run `not exists` as a nested loop
 * over the viewer's blocks for each row (a search of 10,000 matches at 100× spent 50 ms there),
 * and it guesses that `not in (subquery)` keeps half the rows; an array it estimates as the few
 * values it is, so a common word is planned as the many matches it has (issue 24).
 */
export const listedForMany = (viewer: Side | null, author: Side): SQL =>
  viewer === null
    ? sql`true`
    : sql`${author} <> all(array(select b.target_id from ${blocks} b where b.profile_id = ${viewer}
        union all select b.profile_id from ${blocks} b where b.target_id = ${viewer}
        union all select m.target_id from ${mutes} m where m.profile_id = ${viewer}))`;

/** Whether the viewer blocked / muted the profile in `social_profiles` (false when anonymous). */
export const viewerBlocks = (viewer: Side | null, other: Side = socialProfiles.id) =>
  viewer === null
    ? sql<boolean>`false`
    : sql<boolean>`exists (select 1 from ${blocks} b where b.profile_id = ${viewer} and b.target_id = ${other})`;
export const viewerMutes = (viewer: Side | null, other: Side = socialProfiles.id) =>
  viewer === null
    ? sql<boolean>`false`
    : sql<boolean>`exists (select 1 from ${mutes} m where m.profile_id = ${viewer} and m.target_id = ${other})`;
