import type { AccountDataPart, ExportEntry } from '../core/account-data/account-data.js';
import { keysetRows } from '../core/account-data/keyset-rows.js';
import { createSocialDataRepository } from './account-data.repository.js';
import { createPostWritesRepository } from './post-writes.repository.js';

/** Where a stored file sits in the archive (records name it so). */
export const archived = (key: string) => `media/${key}`;
const iso = (date: Date) => date.toISOString();
const byTime = (row: { createdAt: Date; id: string }) => ({ at: row.createdAt, id: row.id });

/**
 * The social network's share of a member's data (issue 26): profile, posts with their pictures,
 * comments, likes, friends, friend requests and reports; issue 27's bio and header picture, posts'
 * content warnings, picture descriptions and earlier versions, blocks, mutes and bookmarks. Erasing
 * takes the person's reactions off other people's posts with their counters, ends friendships
 * (friends count one fewer), deletes the posts as their author would (hashtag counts follow, their
 * versions go with them) and the profile, whose blocks, mutes, bookmarks and mentions of it (either
 * way) go with it (foreign keys that cascade).
 */
export function socialDataPart(): AccountDataPart {
  return {
    area: 'social',
    tables: [
      'social_profiles',
      'social_friendship_requests',
      'social_friendships',
      'social_posts',
      'social_post_comments',
      'social_post_likes',
      'social_post_reports',
      'social_blocks',
      'social_mutes',
      'social_bookmarks',
      'social_post_edits',
      'social_post_mentions',
    ],

    async count({ accountId }, db) {
      const repo = createSocialDataRepository(db);
      const profile = await repo.profile(accountId);
      return profile ? 1 + (profile.avatar ? 1 : 0) + (profile.header ? 1 : 0) + (await repo.count(profile.id)) : 0;
    },

    async entries({ accountId }, db) {
      const repo = createSocialDataRepository(db);
      const profile = await repo.profile(accountId);
      if (!profile) return [];
      const id = profile.id;
      const files = [
        ...(profile.avatar ? [profile.avatar] : []),
        ...(profile.header ? [profile.header] : []),
        ...(await repo.pictureKeys(id)),
      ];
      const entries: ExportEntry[] = [
        {
          path: 'profile.json',
          json: async () => ({
            slug: profile.slug,
            avatar: profile.avatar ? archived(profile.avatar) : null,
            bio: profile.bio,
            header: profile.header ? archived(profile.header) : null,
            friends_count: profile.friendsCount,
            posts_count: profile.postsCount,
            created_at: iso(profile.createdAt),
          }),
        },
        {
          path: 'posts.json',
          rows: () =>
            keysetRows(
              async (after, limit) => {
                const rows = await repo.postsPage(id, after, limit);
                const ids = rows.map((row) => row.id);
                const [pictures, versions] = await Promise.all([repo.attachmentsOf(ids), repo.editsOf(ids)]);
                return rows.map((row) => ({
                  ...row,
                  pictures: pictures.filter((picture) => picture.postId === row.id),
                  versions: versions.filter((version) => version.postId === row.id),
                }));
              },
              byTime,
              (post) => ({
                id: post.id,
                body: post.body ?? '',
                is_private: post.isPrivate,
                hidden_by_moderation: post.isHidden,
                content_warning: post.contentWarning,
                created_at: iso(post.createdAt),
                edited_at: post.editedAt ? iso(post.editedAt) : null,
                pictures: post.pictures.map((picture) => ({
                  image: archived(picture.image),
                  thumbnail: archived(picture.thumbnail),
                  alt: picture.alt,
                })),
                earlier_versions: post.versions.map((version) => ({
                  body: version.body ?? '',
                  content_warning: version.contentWarning,
                  alts: version.alts.map((one) => one.alt),
                  created_at: iso(version.createdAt),
                })),
              }),
            ),
        },
        {
          path: 'comments.json',
          rows: () =>
            keysetRows(
              (after, limit) => repo.commentsPage(id, after, limit),
              byTime,
              (row) => ({ id: row.id, post_id: row.postId, body: row.body, created_at: iso(row.createdAt) }),
            ),
        },
        {
          path: 'likes.json',
          rows: () =>
            keysetRows(
              (after, limit) => repo.likesPage(id, after, limit),
              byTime,
              (row) => ({ post_id: row.postId, created_at: iso(row.createdAt) }),
            ),
        },
        {
          path: 'friends.json',
          rows: () =>
            keysetRows(
              (after: number | undefined, limit) => repo.friendsPage(id, after, limit),
              (row) => row.friendId,
              (row) => ({ username: row.username, profile: row.slug, since: iso(row.since) }),
            ),
        },
        {
          path: 'friend-requests.json',
          json: async () =>
            (await repo.requests(id)).map((row) => ({
              direction: row.fromMe ? 'sent' : 'received',
              other: row.other,
              status: row.status,
              created_at: iso(row.createdAt),
            })),
        },
        {
          path: 'reports.json',
          json: async () =>
            (await repo.reports(id)).map((row) => ({ post_id: row.postId, reason: row.reason, created_at: iso(row.createdAt) })),
        },
        ...(['blocks', 'mutes'] as const).map((kind): ExportEntry => ({
          path: `${kind}.json`,
          rows: () =>
            keysetRows(
              (after: { at: Date; id: number } | undefined, limit) => repo.relationsPage(kind, id, after, limit),
              (row) => ({ at: row.createdAt, id: row.targetId }),
              (row) => ({ username: row.username, profile: row.slug, since: iso(row.createdAt) }),
            ),
        })),
        {
          path: 'bookmarks.json',
          rows: () =>
            keysetRows(
              (after: { at: Date; id: string } | undefined, limit) => repo.bookmarksPage(id, after, limit),
              (row) => ({ at: row.createdAt, id: row.postId }),
              (row) => ({ post_id: row.postId, created_at: iso(row.createdAt) }),
            ),
        },
      ];
      return [...entries, ...files.map((key) => ({ path: archived(key), media: key }))];
    },

    async erase({ accountId }, tx) {
      const repo = createSocialDataRepository(tx);
      const profile = await repo.profile(accountId, true);
      if (!profile) return {};
      await repo.removeReactions(profile.id);
      await repo.removeFriendships(profile.id);
      const writes = createPostWritesRepository(tx);
      const mediaKeys = [...(profile.avatar ? [profile.avatar] : []), ...(profile.header ? [profile.header] : [])];
      for (const postId of await repo.ownPostIds(profile.id)) {
        const deleted = await writes.delete(postId, profile.id);
        mediaKeys.push(...(deleted?.keys ?? []));
      }
      await repo.deleteProfile(profile.id);
      return { mediaKeys };
    },
  };
}
