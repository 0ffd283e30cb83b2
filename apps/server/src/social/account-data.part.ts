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
 * comments, likes, friends, friend requests and reports. Erasing takes the person's reactions off
 * other people's posts with their counters, ends friendships (friends count one fewer), deletes
 * the posts as their author would (hashtag counts follow) and the profile.
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
    ],

    async count({ accountId }, db) {
      const repo = createSocialDataRepository(db);
      const profile = await repo.profile(accountId);
      return profile ? 1 + (profile.avatar ? 1 : 0) + (await repo.count(profile.id)) : 0;
    },

    async entries({ accountId }, db) {
      const repo = createSocialDataRepository(db);
      const profile = await repo.profile(accountId);
      if (!profile) return [];
      const id = profile.id;
      const files = [...(profile.avatar ? [profile.avatar] : []), ...(await repo.pictureKeys(id))];
      const entries: ExportEntry[] = [
        {
          path: 'profile.json',
          json: async () => ({
            slug: profile.slug,
            avatar: profile.avatar ? archived(profile.avatar) : null,
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
                const pictures = await repo.attachmentsOf(rows.map((row) => row.id));
                return rows.map((row) => ({ ...row, pictures: pictures.filter((picture) => picture.postId === row.id) }));
              },
              byTime,
              (post) => ({
                id: post.id,
                body: post.body ?? '',
                is_private: post.isPrivate,
                hidden_by_moderation: post.isHidden,
                created_at: iso(post.createdAt),
                pictures: post.pictures.map((picture) => ({
                  image: archived(picture.image),
                  thumbnail: archived(picture.thumbnail),
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
      const mediaKeys = profile.avatar ? [profile.avatar] : [];
      for (const postId of await repo.ownPostIds(profile.id)) {
        const deleted = await writes.delete(postId, profile.id);
        mediaKeys.push(...(deleted?.keys ?? []));
      }
      await repo.deleteProfile(profile.id);
      return { mediaKeys };
    },
  };
}
