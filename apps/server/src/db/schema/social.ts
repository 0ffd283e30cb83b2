import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Millisecond timestamps: what JavaScript dates hold exactly, so keyset cursors compare exactly. */
const createdAt = () => timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();

/**
 * The social network's profile of an account (contract §2 "Profile"). The post counters make the
 * `count` of every post list a lookup instead of a scan: `posts_count` counts every post of the
 * person, `visible_posts_count` those not hidden by reports (what friends see), and
 * `public_posts_count` the public ones among those (what everyone sees).
 */
export const socialProfiles = pgTable(
  'social_profiles',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    slug: varchar({ length: 120 }).notNull(),
    avatar: varchar({ length: 300 }),
    friendsCount: integer('friends_count').notNull().default(0),
    postsCount: integer('posts_count').notNull().default(0),
    visiblePostsCount: integer('visible_posts_count').notNull().default(0),
    publicPostsCount: integer('public_posts_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Issue 27: a few words about the person (links and hashtags are drawn as in posts). */
    bio: varchar({ length: 500 }).notNull().default(''),
    /** Issue 27: the wide picture at the top of the profile, as a media key. */
    header: varchar({ length: 300 }),
  },
  (t) => [
    uniqueIndex('social_profiles_account_key').on(t.accountId),
    uniqueIndex('social_profiles_slug_key').on(t.slug),
    // Mention suggestions: slugs starting with what is typed, whatever the database's collation.
    index('social_profiles_slug_prefix_idx').on(t.slug.op('text_pattern_ops')),
    // "People you may know" when friends of friends run out: the best connected first.
    index('social_profiles_connected_idx').on(t.friendsCount, t.id),
  ],
);

const profileRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => socialProfiles.id, { onDelete: 'cascade' });

export const FRIENDSHIP_REQUEST_STATUSES = ['sent', 'accepted', 'rejected'] as const;

/** One request per ordered pair; its status moves from `sent` to `accepted` or `rejected`. */
export const friendshipRequests = pgTable(
  'social_friendship_requests',
  {
    id: uuid().primaryKey(),
    createdById: profileRef('created_by_id'),
    createdForId: profileRef('created_for_id'),
    status: varchar({ length: 10, enum: FRIENDSHIP_REQUEST_STATUSES }).notNull().default('sent'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('social_friendship_requests_pair_key').on(t.createdById, t.createdForId),
    index('social_friendship_requests_for_idx').on(t.createdForId, t.status),
  ],
);

/** A friendship is stored in both directions, so "friends of X" is one index range. */
export const friendships = pgTable(
  'social_friendships',
  {
    profileId: profileRef('profile_id'),
    friendId: profileRef('friend_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.friendId] }), index('social_friendships_friend_idx').on(t.friendId)],
);

/**
 * A post. `is_hidden` is set once enough people report it; its author still sees it. Lists read
 * the ascending `(created_at, id)` indexes backwards: newest first, keyset-paginated.
 */
export const posts = pgTable(
  'social_posts',
  {
    id: uuid().primaryKey(),
    createdById: profileRef('created_by_id'),
    body: text(),
    isPrivate: boolean('is_private').notNull().default(false),
    isHidden: boolean('is_hidden').notNull().default(false),
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    reportsCount: integer('reports_count').notNull().default(0),
    /** Why it is hidden: `reports` (the threshold), `staff`, or `suspension` (its author's; undone on reinstatement). */
    hiddenBy: varchar('hidden_by', { length: 12, enum: ['reports', 'staff', 'suspension'] }),
    /** The back office's last decision on its reports: `hidden`, `restored` or `dismissed`; null while open. */
    moderation: varchar({ length: 12, enum: ['hidden', 'restored', 'dismissed'] }),
    lastReportedAt: timestamp('last_reported_at', { withTimezone: true, precision: 3 }),
    /** Issue 27: the warning the post is folded behind until a reader opens it. */
    contentWarning: varchar('content_warning', { length: 100 }),
    /** Issue 27: when its author last edited it (its earlier versions are in `social_post_edits`). */
    editedAt: timestamp('edited_at', { withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
    search: tsvector('search').generatedAlwaysAs(sql`to_tsvector('english'::regconfig, coalesce(body, ''))`),
  },
  (t) => [
    index('social_posts_created_idx').on(t.createdAt, t.id),
    index('social_posts_author_created_idx').on(t.createdById, t.createdAt, t.id),
    index('social_posts_public_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.isPrivate} = false and ${t.isHidden} = false`),
    index('social_posts_reported_idx')
      .on(t.lastReportedAt)
      .where(sql`${t.reportsCount} > 0`),
    index('social_posts_search_idx').using('gin', t.search),
    index('social_posts_body_trgm_idx').using('gin', t.body.op('gin_trgm_ops')),
  ],
);

const postRef = () =>
  uuid('post_id')
    .notNull()
    .references(() => posts.id, { onDelete: 'cascade' });

/** A picture of a post: the re-encoded image and its thumbnail, as media keys. */
export const postAttachments = pgTable(
  'social_post_attachments',
  {
    id: uuid().primaryKey(),
    postId: postRef(),
    position: integer().notNull(),
    image: varchar({ length: 300 }).notNull(),
    thumbnail: varchar({ length: 300 }).notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    /** Issue 27: what the picture shows, for people who cannot see it. */
    alt: varchar({ length: 1000 }),
  },
  (t) => [index('social_post_attachments_post_idx').on(t.postId, t.position)],
);

export const postComments = pgTable(
  'social_post_comments',
  {
    id: uuid().primaryKey(),
    postId: postRef(),
    createdById: profileRef('created_by_id'),
    body: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('social_post_comments_post_idx').on(t.postId, t.createdAt),
    // A person's comments (their export and deletion: issue 26; and deleting a profile does not scan every comment: issue 24).
    index('social_post_comments_author_idx').on(t.createdById, t.createdAt),
  ],
);

export const postLikes = pgTable(
  'social_post_likes',
  {
    id: uuid().primaryKey(),
    postId: postRef(),
    profileId: profileRef('profile_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('social_post_likes_person_key').on(t.postId, t.profileId),
    // Issue 24: the reader's `liked` flag of a page of posts; a person's likes (their export and deletion, issue 26).
    index('social_post_likes_profile_idx').on(t.profileId, t.postId),
  ],
);

export const postReports = pgTable(
  'social_post_reports',
  {
    postId: postRef(),
    profileId: profileRef('profile_id'),
    /** What the reporter said, if anything (issue 15: shown in the moderation queue). */
    reason: varchar({ length: 200 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.profileId] }), index('social_post_reports_profile_idx').on(t.profileId)],
);

/** A hashtag; `public_posts_count` counts the listed (public, not hidden) posts that carry it. */
export const hashtags = pgTable(
  'social_hashtags',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tag: varchar({ length: 100 }).notNull(),
    publicPostsCount: integer('public_posts_count').notNull().default(0),
  },
  (t) => [uniqueIndex('social_hashtags_tag_key').on(t.tag)],
);

/**
 * Which post carries which tag. `created_at` is the post's, and `listed` says whether the post is
 * public and not hidden, so trend pages and the trends job read one index.
 */
export const postHashtags = pgTable(
  'social_post_hashtags',
  {
    postId: postRef(),
    hashtagId: integer('hashtag_id')
      .notNull()
      .references(() => hashtags.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    listed: boolean().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.hashtagId] }),
    index('social_post_hashtags_listed_idx')
      .on(t.hashtagId, t.createdAt, t.postId)
      .where(sql`${t.listed}`),
    index('social_post_hashtags_recent_idx')
      .on(t.createdAt)
      .where(sql`${t.listed}`),
  ],
);

/**
 * Every word a post has used (letters only, 3 to 40 of them, lower-case): the typo-tolerant post
 * search finds the words close to what was typed here (`<%` on the trigram index: a table of words
 * is small, where posts are many), then the posts using them by full text (issue 24). Filled by a
 * trigger on `social_posts` (migration 0010), so every way a post is written or edited keeps it
 * complete; words are never removed (a word whose posts are gone finds nothing).
 */
export const searchWords = pgTable('social_search_words', { word: varchar({ length: 40 }).primaryKey() }, (t) => [
  index('social_search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);

/** The current trends list (contract §5.8), rebuilt by the trends job. */
export const trends = pgTable('social_trends', {
  hashtagId: integer('hashtag_id')
    .primaryKey()
    .references(() => hashtags.id, { onDelete: 'cascade' }),
  rank: integer().notNull(),
  occurences: integer().notNull(),
});

/**
 * Issue 27: one person blocking another. Either way, neither sees the other: every list, page and
 * notification asks `not exists` of this primary key in both directions (an index probe per row).
 */
export const blocks = pgTable(
  'social_blocks',
  {
    profileId: profileRef('profile_id'),
    targetId: profileRef('target_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.targetId] }),
    index('social_blocks_list_idx').on(t.profileId, t.createdAt, t.targetId),
    index('social_blocks_target_idx').on(t.targetId),
  ],
);

/** Issue 27: one person muting another: the muter no longer sees the other's posts, comments or notifications. */
export const mutes = pgTable(
  'social_mutes',
  {
    profileId: profileRef('profile_id'),
    targetId: profileRef('target_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.targetId] }),
    index('social_mutes_list_idx').on(t.profileId, t.createdAt, t.targetId),
    index('social_mutes_target_idx').on(t.targetId),
  ],
);

/** Issue 27: a post someone kept for later; listed newest bookmark first. */
export const bookmarks = pgTable(
  'social_bookmarks',
  {
    profileId: profileRef('profile_id'),
    postId: postRef(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.postId] }),
    index('social_bookmarks_list_idx').on(t.profileId, t.createdAt, t.postId),
    index('social_bookmarks_post_idx').on(t.postId),
  ],
);

/**
 * Issue 27, as Mastodon keeps them: the versions of an edited post. The first edit also keeps the
 * original (at the post's creation time), so the history holds every version, the current one included.
 */
export const postEdits = pgTable(
  'social_post_edits',
  {
    id: uuid().primaryKey(),
    postId: postRef(),
    body: text(),
    contentWarning: varchar('content_warning', { length: 100 }),
    /** The pictures' descriptions then, in order: `[{id, alt}]`. */
    alts: jsonb().$type<{ id: string; alt: string | null }[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('social_post_edits_post_idx').on(t.postId, t.createdAt, t.id)],
);

/** Issue 27: who a post mentions, so that an edit notifies only people it newly mentions. */
export const postMentions = pgTable(
  'social_post_mentions',
  {
    postId: postRef(),
    profileId: profileRef('profile_id'),
  },
  (t) => [primaryKey({ columns: [t.postId, t.profileId] }), index('social_post_mentions_profile_idx').on(t.profileId)],
);
