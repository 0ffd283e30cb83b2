import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { accounts, posts, socialProfiles } from '../db/schema/index.js';
import {
  readerIsFriend,
  requestStatusesWithReader,
  type ProfileDetailRow,
  type RequestStatus,
} from './friendships.repository.js';
import type { PageWindow } from './pagination.js';
import { attachmentsColumn, bookmarkedBy, likedBy, postColumns, type PostWithAuthor } from './posts.repository.js';
import { profileColumns } from './profiles.repository.js';
import { notBlockedBetween, viewerBlocks, viewerMutes } from '../db/relations.js';

const param = {
  slug: sql.placeholder('slug'),
  viewer: sql.placeholder('viewer'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
  cursorAt: sql.placeholder('cursorAt'),
  cursorId: sql.placeholder('cursorId'),
};

/** A profile as one reader sees it, with the page of its posts that reader sees (newest first). */
export interface ProfileWithPage {
  profile: ProfileDetailRow;
  posts: PostWithAuthor[];
}

/**
 * The profile by slug, the reader's relation to it (friends? requests either way?) and one page of
 * its posts, in one prepared statement (issue 12: a profile's page is the session check and this).
 * The profile and the relation come from a derived table read once (its `limit` keeps PostgreSQL from
 * merging it into the outer query, which would evaluate the relation again for every post); the posts
 * from a lateral subquery on it: all of them for the author, those not hidden for friends, the public
 * ones for everyone else; without posts the profile comes back alone.
 */
export function selectProfileWithPage(db: Executor, reader: boolean, cursor: boolean) {
  const viewed = db
    .select({
      ...profileColumns,
      isFriend: readerIsFriend(reader).as('is_friend'),
      requestStatuses: requestStatusesWithReader(reader).as('request_statuses'),
      bio: socialProfiles.bio,
      header: socialProfiles.header,
      blocked: viewerBlocks(reader ? param.viewer : null).as('blocked'),
      muted: viewerMutes(reader ? param.viewer : null).as('muted'),
    })
    .from(socialProfiles)
    .innerJoin(accounts, eq(accounts.id, socialProfiles.accountId))
    // Issue 27: between two people one of whom blocked the other, the profile is not there (404).
    .where(and(eq(socialProfiles.slug, param.slug), notBlockedBetween(reader ? param.viewer : null, socialProfiles.id)))
    .limit(1)
    .as('viewed');
  // Drizzle writes the columns of a subquery's selection without their table: the tables are named here.
  const audience = reader
    ? sql`(${viewed.id} = ${param.viewer}
        or (${posts.isHidden} = false and (${posts.isPrivate} = false or "viewed"."is_friend")))`
    : sql`${posts.isPrivate} = false and ${posts.isHidden} = false`;
  const after = cursor
    ? sql`(${posts.createdAt}, ${posts.id}) < (${param.cursorAt}::timestamptz, ${param.cursorId}::uuid)`
    : undefined;
  const viewer = reader ? param.viewer : null;
  const page = db
    .select({
      ...postColumns,
      liked: likedBy(viewer).as('liked'),
      bookmarked: bookmarkedBy(viewer).as('bookmarked'),
      attachments: attachmentsColumn.as('attachments'),
    })
    .from(posts)
    .where(and(eq(posts.createdById, viewed.id), audience, after))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(param.limit)
    .offset(param.offset)
    .as('page');
  return db
    .select({
      profile: {
        id: viewed.id,
        accountId: viewed.accountId,
        slug: viewed.slug,
        avatar: viewed.avatar,
        friendsCount: viewed.friendsCount,
        postsCount: viewed.postsCount,
        visiblePostsCount: viewed.visiblePostsCount,
        publicPostsCount: viewed.publicPostsCount,
        firstName: viewed.firstName,
        lastName: viewed.lastName,
        username: viewed.username,
        email: viewed.email,
        isFriend: sql<boolean>`"viewed"."is_friend"`,
        requestStatuses: sql<RequestStatus[]>`"viewed"."request_statuses"`,
        bio: viewed.bio,
        header: viewed.header,
        blocked: sql<boolean>`"viewed"."blocked"`,
        muted: sql<boolean>`"viewed"."muted"`,
      },
      post: {
        id: page.id,
        createdById: page.createdById,
        body: page.body,
        isPrivate: page.isPrivate,
        isHidden: page.isHidden,
        likesCount: page.likesCount,
        commentsCount: page.commentsCount,
        reportsCount: page.reportsCount,
        contentWarning: page.contentWarning,
        editedAt: page.editedAt,
        createdAt: page.createdAt,
        liked: page.liked,
        bookmarked: page.bookmarked,
        attachments: page.attachments,
      },
    })
    .from(viewed)
    .leftJoinLateral(page, sql`true`)
    .orderBy(desc(page.createdAt), desc(page.id));
}

function prepareProfileWithPage(db: Executor, reader: boolean, cursor: boolean) {
  return selectProfileWithPage(db, reader, cursor).prepare(
    `profile_with_page_${reader ? 'reader' : 'anonymous'}${cursor ? '_after' : ''}`,
  );
}

export function createProfilePostsRepository(db: Executor) {
  const prepared = new Map<string, ReturnType<typeof prepareProfileWithPage>>();

  return {
    /** The profile with `slug` and the `window` of its posts `viewerId` sees; undefined when there is no such profile. */
    async profileWithPage(slug: string, viewerId: number | null, window: PageWindow): Promise<ProfileWithPage | undefined> {
      const key = `${viewerId !== null}:${window.cursor !== null}`;
      let statement = prepared.get(key);
      if (!statement) {
        statement = prepareProfileWithPage(db, viewerId !== null, window.cursor !== null);
        prepared.set(key, statement);
      }
      const rows = await statement.execute({
        slug,
        viewer: viewerId,
        limit: window.limit,
        offset: window.offset,
        cursorAt: window.cursor?.createdAt.toISOString(),
        cursorId: window.cursor?.id,
      });
      const first = rows[0];
      if (!first) return undefined;
      const profile = first.profile as ProfileDetailRow;
      const author = {
        id: profile.id,
        accountId: profile.accountId,
        slug: profile.slug,
        avatar: profile.avatar,
        friendsCount: profile.friendsCount,
        postsCount: profile.postsCount,
        visiblePostsCount: profile.visiblePostsCount,
        publicPostsCount: profile.publicPostsCount,
        firstName: profile.firstName,
        lastName: profile.lastName,
        username: profile.username,
        email: profile.email,
      };
      const found: PostWithAuthor[] = [];
      for (const row of rows) {
        if (row.post?.id != null) found.push({ ...(row.post as Omit<PostWithAuthor, 'author'>), author });
      }
      return { profile, posts: found };
    },
  };
}

export type ProfilePostsRepository = ReturnType<typeof createProfilePostsRepository>;
