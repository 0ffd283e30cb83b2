import { and, asc, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { accounts, friendships, postAttachments, postComments, postLikes, posts, socialProfiles } from '../db/schema/index.js';
import type { PageWindow } from './pagination.js';
import { profileColumns, type ProfileRow } from './profiles.repository.js';

export const postColumns = {
  id: posts.id,
  createdById: posts.createdById,
  body: posts.body,
  isPrivate: posts.isPrivate,
  isHidden: posts.isHidden,
  likesCount: posts.likesCount,
  commentsCount: posts.commentsCount,
  reportsCount: posts.reportsCount,
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
  createdAt: Date;
  /** Whether the person reading has liked it (false for anonymous readers). */
  liked: boolean;
  /** Its pictures in order, read in the statement that lists it. */
  attachments: AttachmentRow[];
};
export type PostWithAuthor = PostRow & { author: ProfileRow };
/** A row of the feed: with the feed's count, read in the same statement. */
export type FeedRow = PostWithAuthor & { total: number | null };
export type AttachmentRow = typeof postAttachments.$inferSelect;
export type CommentWithAuthor = { id: string; body: string; createdAt: Date; author: ProfileRow };

/** Whether the reader liked the post, read in the statement that lists it (no statement per post). */
export function likedBy(viewerId: number | null): SQL<boolean> {
  if (viewerId === null) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.profileId} = ${viewerId})`;
}

/**
 * A post's pictures in order, as JSON read in the statement that lists the post (issue 12: a page
 * of posts is one statement, not one more for its pictures).
 */
export const attachmentsColumn = sql<AttachmentRow[]>`coalesce((select json_agg(json_build_object(
    'id', a.id, 'postId', a.post_id, 'position', a.position, 'image', a.image, 'thumbnail', a.thumbnail,
    'width', a.width, 'height', a.height) order by a.position)
  from ${postAttachments} a where a.post_id = ${posts}.id), '[]'::json)`;

/** The post columns as one reader sees them (with their own `liked`, and the pictures). */
export const postColumnsFor = (viewerId: number | null) => ({
  ...postColumns,
  liked: likedBy(viewerId),
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

const isFriendOf = (viewerId: number, authorColumn: AnyColumn) =>
  sql`exists (select 1 from ${friendships} where ${friendships.profileId} = ${viewerId} and ${friendships.friendId} = ${authorColumn})`;

/**
 * Who may see a post: everyone when it is public and not hidden; its author always; friends of
 * the author when it is private and not hidden.
 */
export function visibleTo(viewerId: number | null): SQL {
  const listed = sql`${posts.isPrivate} = false and ${posts.isHidden} = false`;
  if (viewerId === null) return listed;
  return sql`(${posts.createdById} = ${viewerId} or (${listed}) or (${posts.isHidden} = false and ${isFriendOf(viewerId, posts.createdById)}))`;
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

/** The feed's rows (contract §5.1 without a trend) for a reader given as a parameter; anonymous: every public post. */
const feedWhere = (viewer: boolean): SQL =>
  viewer
    ? sql`(${posts.createdById} = ${param.viewer} or (${posts.isHidden} = false and ${posts.createdById} in
      (select ${friendships.friendId} from ${friendships} where ${friendships.profileId} = ${param.viewer})))`
    : visibleTo(null);

const AUDIENCE_WHERE: Record<AuthorAudience, SQL> = {
  all: sql`true`,
  'not-hidden': sql`${posts.isHidden} = false`,
  public: sql`${posts.isPrivate} = false and ${posts.isHidden} = false`,
};

/** Which prepared page statement: the list, the reader (anonymous or not) and whether a cursor starts it. */
type PageKind = `feed` | `author-${AuthorAudience}`;

export function createPostsRepository(db: Executor) {
  function preparePage(kind: PageKind, viewer: boolean, cursor: boolean) {
    const where =
      kind === 'feed'
        ? feedWhere(viewer)
        : sql`${posts.createdById} = ${param.author} and ${AUDIENCE_WHERE[kind.slice('author-'.length) as AuthorAudience]}`;
    const after = cursor
      ? sql`(${posts.createdAt}, ${posts.id}) < (${param.cursorAt}::timestamptz, ${param.cursorId}::uuid)`
      : undefined;
    const liked = viewer
      ? sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.profileId} = ${param.viewer})`
      : sql<boolean>`false`;
    // The feed's count (contract §1.5) from the per-person counters, read with the page (one round trip less).
    const total =
      kind !== 'feed'
        ? sql<null>`null::int`
        : viewer
          ? sql<number>`(select coalesce(sum(case when fp.id = ${param.viewer} then fp.posts_count else fp.visible_posts_count end), 0)::int
              from ${socialProfiles} fp where fp.id = ${param.viewer}
                or fp.id in (select f.friend_id from ${friendships} f where f.profile_id = ${param.viewer}))`
          : sql<number>`(select coalesce(sum(fp.public_posts_count), 0)::int from ${socialProfiles} fp)`;
    return db
      .select({ ...postColumns, liked, attachments: attachmentsColumn, author: profileColumns, total })
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

  const feedCountOf = (viewer: boolean) =>
    db
      .select({
        value: viewer
          ? sql<number>`coalesce(sum(case when ${socialProfiles.id} = ${param.viewer}
              then ${socialProfiles.postsCount} else ${socialProfiles.visiblePostsCount} end), 0)::int`
          : sql<number>`coalesce(sum(${socialProfiles.publicPostsCount}), 0)::int`,
      })
      .from(socialProfiles)
      .where(
        viewer
          ? sql`${socialProfiles.id} = ${param.viewer} or ${socialProfiles.id} in
              (select ${friendships.friendId} from ${friendships} where ${friendships.profileId} = ${param.viewer})`
          : undefined,
      )
      .prepare(viewer ? 'posts_feed_count_reader' : 'posts_feed_count_anonymous');
  let feedCountStatements: { reader: ReturnType<typeof feedCountOf>; anonymous: ReturnType<typeof feedCountOf> } | undefined;

  return {
    async findVisible(id: string, viewerId: number | null): Promise<PostWithAuthor | undefined> {
      const [row] = await selectPostsWithAuthors(db, viewerId).where(and(eq(posts.id, id), visibleTo(viewerId)));
      return row;
    },

    /** A page of the feed (contract §5.1 without a trend) as `viewerId` reads it, each row with the feed's count. */
    feedPage: (viewerId: number | null, window: PageWindow) => page('feed', null, viewerId, window) as Promise<FeedRow[]>,

    /** A page of one author's posts, those `audience` may see, as `viewerId` reads them. */
    authorPage: (authorId: number, audience: AuthorAudience, viewerId: number | null, window: PageWindow) =>
      page(`author-${audience}`, authorId, viewerId, window),

    /**
     * A post's comments, oldest first, with their authors: all of them, or (issue 24) `page.size`
     * of them after the comment `page.after` (keyset on the post's `(post_id, created_at)` index).
     */
    commentsOf(postId: string, page?: { size: number; after: string | undefined }): Promise<CommentWithAuthor[]> {
      const later = page?.after
        ? sql`(${postComments.createdAt}, ${postComments.id}) >
            (select c.created_at, c.id from ${postComments} c where c.id = ${page.after} and c.post_id = ${postId})`
        : undefined;
      const query = db
        .select({ id: postComments.id, body: postComments.body, createdAt: postComments.createdAt, author: profileColumns })
        .from(postComments)
        .innerJoin(socialProfiles, eq(socialProfiles.id, postComments.createdById))
        .innerJoin(accounts, eq(accounts.id, socialProfiles.accountId))
        .where(and(eq(postComments.postId, postId), later))
        .orderBy(asc(postComments.createdAt), asc(postComments.id));
      return page ? query.limit(page.size) : query;
    },

    /** `count` of the feed (contract §1.5), read from the per-person counters instead of counting posts. */
    async feedCount(viewerId: number | null): Promise<number> {
      feedCountStatements ??= { reader: feedCountOf(true), anonymous: feedCountOf(false) };
      const [row] =
        viewerId === null
          ? await feedCountStatements.anonymous.execute()
          : await feedCountStatements.reader.execute({ viewer: viewerId });
      return row?.value ?? 0;
    },
  };
}

export type PostsRepository = ReturnType<typeof createPostsRepository>;
