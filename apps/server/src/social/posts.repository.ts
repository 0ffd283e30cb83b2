import { and, asc, desc, eq, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import {
  accounts,
  blocks,
  bookmarks,
  friendships,
  mutes,
  postAttachments,
  postComments,
  postLikes,
  posts,
  socialProfiles,
} from '../db/schema/index.js';
import type { PageWindow } from './pagination.js';
import { profileColumns, type ProfileRow } from './profiles.repository.js';
import { listedFor, listedForMany, notBlockedBetween } from '../db/relations.js';

export const postColumns = {
  id: posts.id,
  createdById: posts.createdById,
  body: posts.body,
  isPrivate: posts.isPrivate,
  isHidden: posts.isHidden,
  likesCount: posts.likesCount,
  commentsCount: posts.commentsCount,
  reportsCount: posts.reportsCount,
  contentWarning: posts.contentWarning,
  editedAt: posts.editedAt,
  createdAt: posts.createdAt,
};

export type PostRow = {
  id: string;
  createdById: number;
  body: string | null;
  isPrivate: boolean;
  isHidden: boolean;
  likesCount: number;
  commentsCount: number;
  reportsCount: number;
  contentWarning: string | null;
  editedAt: Date | null;
  createdAt: Date;
  /** Whether the person reading has liked it (false for anonymous readers). */
  liked: boolean;
  /** Whether the person reading has bookmarked it (false for anonymous readers). */
  bookmarked: boolean;
  /** Its pictures in order, read in the statement that lists it. */
  attachments: AttachmentRow[];
};
export type PostWithAuthor = PostRow & { author: ProfileRow };
/** A row of the feed: with the feed's count, read in the same statement. */
export type FeedRow = PostWithAuthor & { total: number | null };
export type AttachmentRow = typeof postAttachments.$inferSelect;
export type CommentWithAuthor = { id: string; body: string; createdAt: Date; author: ProfileRow };

/** Whether the reader liked the post, read in the statement that lists it (no statement per post). */
export function likedBy(viewer: SQLWrapper | number | null): SQL<boolean> {
  if (viewer === null) return sql<boolean>`false`;
  // `${posts}.id`, not `${posts.id}`: drizzle leaves a lone table's columns unqualified, and a bare `id` here would be the like's.
  return sql<boolean>`exists (select 1 from ${postLikes} l where l.post_id = ${posts}.id and l.profile_id = ${viewer})`;
}

/** Whether the reader bookmarked the post (issue 27): a primary-key probe, in the statement that lists it. */
export function bookmarkedBy(viewer: SQLWrapper | number | null): SQL<boolean> {
  if (viewer === null) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from ${bookmarks} b where b.profile_id = ${viewer} and b.post_id = ${posts}.id)`;
}

/**
 * A post's pictures in order, as JSON read in the statement that lists the post (issue 12: a page
 * of posts is one statement, not one more for its pictures).
 */
export const attachmentsColumn = sql<AttachmentRow[]>`coalesce((select json_agg(json_build_object(
    'id', a.id, 'postId', a.post_id, 'position', a.position, 'image', a.image, 'thumbnail', a.thumbnail,
    'width', a.width, 'height', a.height, 'alt', a.alt) order by a.position)
  from ${postAttachments} a where a.post_id = ${posts}.id), '[]'::json)`;

/** The post columns as one reader sees them (with their own `liked` and `bookmarked`, and the pictures). */
export const postColumnsFor = (viewer: SQLWrapper | number | null) => ({
  ...postColumns,
  liked: likedBy(viewer),
  bookmarked: bookmarkedBy(viewer),
  attachments: attachmentsColumn,
});

/** Posts with their authors' profiles (and the reader's like), in one statement. */
export function selectPostsWithAuthors(db: Executor, viewerId: number | null) {
  return db
    .select({ ...postColumnsFor(viewerId), author: profileColumns })
    .from(posts)
    .innerJoin(socialProfiles, eq(socialProfiles.id, posts.createdById))
    .innerJoin(accounts, eq(accounts.id, socialProfiles.accountId));
}

const isFriendOf = (viewer: SQLWrapper | number, authorColumn: AnyColumn) =>
  sql`exists (select 1 from ${friendships} f where f.profile_id = ${viewer} and f.friend_id = ${authorColumn})`;

/**
 * Who may see a post: everyone when it is public and not hidden; its author always; friends of
 * the author when it is private and not hidden; never someone the author blocked or who blocked
 * the author (issue 27).
 */
export function visibleTo(viewerId: number | null): SQL {
  const listed = sql`${posts.isPrivate} = false and ${posts.isHidden} = false`;
  if (viewerId === null) return listed;
  return sql`(${posts.createdById} = ${viewerId} or (((${listed}) or (${posts.isHidden} = false and ${isFriendOf(viewerId, posts.createdById)}))
    and ${notBlockedBetween(viewerId, posts.createdById)}))`;
}

/**
 * {@link visibleTo} for reads that filter many rows (searches), with {@link listedForMany}: the same
 * posts, less those of people the reader muted. The reader's friends and the hidden authors (which
 * cover both sides of a block, so there are no block checks of its own) are each read once as an
 * array. PostgreSQL estimated the `exists` form (and its block checks) to keep a tenth of the posts
 * it keeps: at 100× a common word was then planned as a few matches, every one of its 10,000 read
 * from the table (6,000 pages, 65–200 ms), where the newest posts by date find the first thousand
 * in 20 ms (issue 24).
 */
export function visibleToMany(viewerId: number | null): SQL {
  if (viewerId === null) return visibleTo(null);
  return sql`((${posts.createdById} = ${viewerId} or (${posts.isHidden} = false and (${posts.isPrivate} = false
    or ${posts.createdById} = any(array(select f.friend_id from ${friendships} f where f.profile_id = ${viewerId})))))
    and ${listedForMany(viewerId, posts.createdById)})`;
}

/** Keyset: strictly after the cursor in newest-first order, on the `(created_at, id)` index. */
export function afterCursor(window: PageWindow, createdAt: AnyColumn = posts.createdAt, id: AnyColumn = posts.id) {
  if (!window.cursor) return undefined;
  return sql`(${createdAt}, ${id}) < (${window.cursor.createdAt.toISOString()}::timestamptz, ${window.cursor.id}::uuid)`;
}

/**
 * Which of an author's posts a reader sees on their profile: all of them (the author), those not
 * hidden (friends), or the public ones (everyone else).
 */
export type AuthorAudience = 'all' | 'not-hidden' | 'public';

/** The parameters of the prepared page statements (issue 12: built once, not per request). */
const param = {
  viewer: sql.placeholder('viewer'),
  author: sql.placeholder('author'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
  cursorAt: sql.placeholder('cursorAt'),
  cursorId: sql.placeholder('cursorId'),
};

/**
 * The feed's rows (contract §5.1 without a trend) for a reader given as a parameter: their posts and
 * their friends' (`following`), or every public post (`public`, issue 27), in both cases without
 * people either blocked or the reader muted; anonymous: every public post.
 */
function feedWhere(scope: FeedScope, viewer: boolean): SQL {
  if (!viewer) return visibleTo(null);
  if (scope === 'public') {
    return sql`${posts.isPrivate} = false and ${posts.isHidden} = false and ${listedFor(param.viewer, posts.createdById)}`;
  }
  return sql`(${posts.createdById} = ${param.viewer} or (${posts.isHidden} = false and ${posts.createdById} in
      (select ${friendships.friendId} from ${friendships} where ${friendships.profileId} = ${param.viewer})
      and ${listedFor(param.viewer, posts.createdById)}))`;
}

/**
 * The feed's count (contract §1.5) from the per-person counters: the reader's and their friends'
 * (less those muted), or every public post less those of people blocked either way or muted.
 */
function feedTotal(scope: FeedScope, viewer: boolean): SQL<number> {
  const everyPublic = sql`(select coalesce(sum(fp.public_posts_count), 0) from ${socialProfiles} fp)`;
  if (!viewer) return sql<number>`${everyPublic}::int`;
  if (scope === 'public') {
    return sql<number>`(${everyPublic} - (select coalesce(sum(fp.public_posts_count), 0) from ${socialProfiles} fp
      where fp.id in (select ${blocks.targetId} from ${blocks} where ${blocks.profileId} = ${param.viewer}
        union select ${blocks.profileId} from ${blocks} where ${blocks.targetId} = ${param.viewer}
        union select ${mutes.targetId} from ${mutes} where ${mutes.profileId} = ${param.viewer})))::int`;
  }
  // Two index lookups (the reader's row; their friendships joined to their friends' rows), not a scan of every profile.
  return sql<number>`((select coalesce(sum(fp.posts_count), 0) from ${socialProfiles} fp where fp.id = ${param.viewer})
    + (select coalesce(sum(fp.visible_posts_count), 0) from ${friendships} f join ${socialProfiles} fp on fp.id = f.friend_id
        where f.profile_id = ${param.viewer} and ${listedFor(param.viewer, sql`fp.id`)}))::int`;
}

const AUDIENCE_WHERE: Record<AuthorAudience, SQL> = {
  all: sql`true`,
  'not-hidden': sql`${posts.isHidden} = false`,
  public: sql`${posts.isPrivate} = false and ${posts.isHidden} = false`,
};

/** Issue 27: the home page's two feeds for a member: the people they follow (friends), or everyone. */
export type FeedScope = 'following' | 'public';

/** Which prepared page statement: the list, the reader (anonymous or not) and whether a cursor starts it. */
type PageKind = `feed-${FeedScope}` | `author-${AuthorAudience}`;

export function createPostsRepository(db: Executor) {
  function preparePage(kind: PageKind, viewer: boolean, cursor: boolean) {
    const scope = kind.startsWith('feed-') ? (kind.slice('feed-'.length) as FeedScope) : undefined;
    const where = scope
      ? feedWhere(scope, viewer)
      : sql`${posts.createdById} = ${param.author} and ${AUDIENCE_WHERE[kind.slice('author-'.length) as AuthorAudience]}`;
    const after = cursor
      ? sql`(${posts.createdAt}, ${posts.id}) < (${param.cursorAt}::timestamptz, ${param.cursorId}::uuid)`
      : undefined;
    // The feed's count, read with the page (one round trip less).
    const total = scope ? feedTotal(scope, viewer) : sql<null>`null::int`;
    return db
      .select({ ...postColumnsFor(viewer ? param.viewer : null), author: profileColumns, total })
      .from(posts)
      .innerJoin(socialProfiles, eq(socialProfiles.id, posts.createdById))
      .innerJoin(accounts, eq(accounts.id, socialProfiles.accountId))
      .where(and(where, after))
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(param.limit)
      .offset(param.offset)
      .prepare(`posts_${kind}_${viewer ? 'reader' : 'anonymous'}${cursor ? '_after' : ''}`);
  }
  const prepared = new Map<string, ReturnType<typeof preparePage>>();

  /** One page of posts, newest first, as `viewerId` reads it: a prepared statement per kind of page. */
  function page(kind: PageKind, authorId: number | null, viewerId: number | null, window: PageWindow): Promise<PostWithAuthor[]> {
    const key = `${kind}:${viewerId !== null}:${window.cursor !== null}`;
    let statement = prepared.get(key);
    if (!statement) {
      statement = preparePage(kind, viewerId !== null, window.cursor !== null);
      prepared.set(key, statement);
    }
    return statement.execute({
      viewer: viewerId,
      author: authorId,
      limit: window.limit,
      offset: window.offset,
      cursorAt: window.cursor?.createdAt.toISOString(),
      cursorId: window.cursor?.id,
    }) as Promise<PostWithAuthor[]>;
  }

  const feedCountOf = (scope: FeedScope, viewer: boolean) =>
    db
      .select({ value: feedTotal(scope, viewer) })
      .from(sql`(values (1)) as one`)
      .prepare(`posts_feed_${scope}_count_${viewer ? 'reader' : 'anonymous'}`);
  const countStatements = new Map<string, ReturnType<typeof feedCountOf>>();

  return {
    async findVisible(id: string, viewerId: number | null): Promise<PostWithAuthor | undefined> {
      const [row] = await selectPostsWithAuthors(db, viewerId).where(and(eq(posts.id, id), visibleTo(viewerId)));
      return row;
    },

    /** A page of the feed (contract §5.1 without a trend) as `viewerId` reads it, each row with the feed's count. */
    feedPage: (viewerId: number | null, window: PageWindow, scope: FeedScope = 'following') =>
      page(`feed-${viewerId === null ? 'public' : scope}`, null, viewerId, window) as Promise<FeedRow[]>,

    /** A page of one author's posts, those `audience` may see, as `viewerId` reads them. */
    authorPage: (authorId: number, audience: AuthorAudience, viewerId: number | null, window: PageWindow) =>
      page(`author-${audience}`, authorId, viewerId, window),

    /**
     * A post's comments, oldest first, with their authors, without those of people the reader
     * blocked, muted or is blocked by (issue 27): all of them, or (issue 24) `page.size` of them
     * after the comment `page.after` (keyset on the post's `(post_id, created_at)` index).
     */
    commentsOf(
      postId: string,
      viewerId: number | null,
      page?: { size: number; after: string | undefined },
    ): Promise<CommentWithAuthor[]> {
      const later = page?.after
        ? sql`(${postComments.createdAt}, ${postComments.id}) >
            (select c.created_at, c.id from ${postComments} c where c.id = ${page.after} and c.post_id = ${postId})`
        : undefined;
      const query = db
        .select({ id: postComments.id, body: postComments.body, createdAt: postComments.createdAt, author: profileColumns })
        .from(postComments)
        .innerJoin(socialProfiles, eq(socialProfiles.id, postComments.createdById))
        .innerJoin(accounts, eq(accounts.id, socialProfiles.accountId))
        .where(and(eq(postComments.postId, postId), listedFor(viewerId, postComments.createdById), later))
        .orderBy(asc(postComments.createdAt), asc(postComments.id));
      return page ? query.limit(page.size) : query;
    },

    /**
     * Issue 27: of the people these slugs name, those a mention on this post may notify: not its
     * author, nobody either blocked, and only people who may see the post.
     */
    async mentionable(postId: string, slugs: string[]): Promise<number[]> {
      if (slugs.length === 0) return [];
      const rows = await db
        .select({ id: socialProfiles.id })
        .from(socialProfiles)
        .innerJoin(posts, eq(posts.id, postId))
        .where(
          sql`${socialProfiles.slug} in ${slugs} and ${socialProfiles.id} <> ${posts.createdById}
            and ${notBlockedBetween(socialProfiles.id, posts.createdById)}
            and ${posts.isHidden} = false and (${posts.isPrivate} = false or ${isFriendOf(socialProfiles.id, posts.createdById)})`,
        );
      return rows.map((row) => row.id);
    },

    /** `count` of the feed (contract §1.5), read from the per-person counters instead of counting posts. */
    async feedCount(viewerId: number | null, scope: FeedScope = 'following'): Promise<number> {
      const kind = viewerId === null ? 'public' : scope;
      const key = `${kind}:${viewerId !== null}`;
      let statement = countStatements.get(key);
      if (!statement) {
        statement = feedCountOf(kind, viewerId !== null);
        countStatements.set(key, statement);
      }
      const [row] = await statement.execute({ viewer: viewerId });
      return row?.value ?? 0;
    },
  };
}

export type PostsRepository = ReturnType<typeof createPostsRepository>;
