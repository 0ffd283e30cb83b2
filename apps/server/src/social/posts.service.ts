import { randomUUID } from 'node:crypto';
import { parseHashtags, POST_LIMITS, SOCIAL_MESSAGES, type Comment, type Post, type PostDetail } from '@portal/contracts';
import type { Deps } from '../core/deps.js';
import { Forbidden, Invalid, NotFound } from '../core/domain-errors.js';
import type { NotificationsService } from '../notifications/index.js';
import type { ParsedForm } from './form-parts.js';
import { processPostImages, removeMedia, storePostImages } from './post-images.js';
import { createPostWritesRepository } from './post-writes.repository.js';
import { actorOf } from './profile.serializer.js';
import { serializeComment, serializePost, serializePostDetail } from './post.serializer.js';
import { createPostsRepository, type PostWithAuthor } from './posts.repository.js';
import type { ProfileRow } from './profiles.repository.js';
import type { TrendsService } from './trends.service.js';

const formError = (message: string) => new Invalid(message);

function readPrivacy(value: string | undefined): boolean {
  const text = (value ?? '').trim().toLowerCase();
  if (['', 'false', '0', 'off', 'no'].includes(text)) return false;
  if (['true', '1', 'on', 'yes'].includes(text)) return true;
  throw formError('is_private must be true or false.');
}

/** Contract §5.2: an empty body is fine with pictures; a non-empty one needs 3 visible characters. */
function readBody(value: string | undefined): string | null {
  const body = (value ?? '').trim();
  if (body === '') return null;
  if (body.replace(/\s/gu, '').length < POST_LIMITS.minBodyLength) throw formError(SOCIAL_MESSAGES.formNotValid);
  if (body.length > POST_LIMITS.maxBodyLength) throw formError(`A post has at most ${POST_LIMITS.maxBodyLength} characters.`);
  return body;
}

export function createPostsService(
  { db, media, config }: Pick<Deps, 'db' | 'media' | 'config'>,
  notifications: NotificationsService,
  trends: TrendsService,
) {
  const postsRepo = createPostsRepository(db);

  async function visiblePost(id: string, viewer: ProfileRow | null): Promise<PostWithAuthor> {
    const post = await postsRepo.findVisible(id, viewer?.id ?? null);
    if (!post) throw new NotFound();
    return post;
  }

  return {
    async create(viewer: ProfileRow, form: ParsedForm): Promise<Post> {
      const body = readBody(form.fields.body);
      const isPrivate = readPrivacy(form.fields.is_private);
      if (body === null && form.files.length === 0) throw formError('Write something or add a picture.');
      const images = await processPostImages(form.files);
      const attachments = await storePostImages(media, images);
      const id = randomUUID();
      const tags = parseHashtags(body);
      let createdAt: Date;
      try {
        createdAt = await db.transaction((tx) =>
          createPostWritesRepository(tx).insert({ id, authorId: viewer.id, body, isPrivate, tags, attachments }),
        );
      } catch (error) {
        await removeMedia(
          media,
          attachments.flatMap((file) => [file.image, file.thumbnail]),
        );
        throw error;
      }
      if (tags.length > 0 && !isPrivate) await trends.changed();
      const author = {
        ...viewer,
        postsCount: viewer.postsCount + 1,
        visiblePostsCount: viewer.visiblePostsCount + 1,
        publicPostsCount: viewer.publicPostsCount + (isPrivate ? 0 : 1),
      };
      const stored = attachments.map((file, position) => ({ ...file, postId: id, position }));
      const row: PostWithAuthor = {
        id,
        createdById: viewer.id,
        body,
        isPrivate,
        isHidden: false,
        likesCount: 0,
        commentsCount: 0,
        reportsCount: 0,
        createdAt,
        liked: false,
        attachments: stored,
        author,
      };
      return serializePost(row, stored, media);
    },

    /** Contract §5.3: with every comment, or (issue 24) the first `commentsPageSize` of them. */
    async detail(viewer: ProfileRow | null, id: string, commentsPageSize?: number): Promise<PostDetail> {
      const post = await visiblePost(id, viewer);
      const page = commentsPageSize === undefined ? undefined : { size: commentsPageSize, after: undefined };
      return serializePostDetail(post, post.attachments, await postsRepo.commentsOf(id, page), media);
    },

    /** Issue 24: the comments of a post one may see, a page after the comment `after`, oldest first. */
    async comments(viewer: ProfileRow | null, id: string, page: { size: number; after: string | undefined }): Promise<Comment[]> {
      await visiblePost(id, viewer);
      const now = new Date();
      return (await postsRepo.commentsOf(id, page)).map((comment) => serializeComment(comment, media, now));
    },

    /** Contract §5.6: once per person; the author hears of it unless they liked their own post. */
    async like(viewer: ProfileRow, id: string): Promise<'created' | 'already-liked'> {
      const post = await visiblePost(id, viewer);
      const created = await db.transaction((tx) => createPostWritesRepository(tx).like(id, viewer.id));
      if (!created) return 'already-liked';
      await notifications.notify({
        type: 'post_like',
        to: post.createdById,
        actor: actorOf(viewer),
        postId: id,
        postBody: post.body,
      });
      return 'created';
    },

    /**
     * Takes the caller's like back (not in the reference contract). Idempotent like the POST:
     * 'not-liked' when there was no like, and nothing changes. The author's unread notification of
     * that like goes with it, so like/unlike does not pile up notifications.
     */
    async unlike(viewer: ProfileRow, id: string): Promise<'removed' | 'not-liked'> {
      const post = await visiblePost(id, viewer);
      const removed = await db.transaction((tx) => createPostWritesRepository(tx).unlike(id, viewer.id));
      if (!removed) return 'not-liked';
      await notifications.withdraw({ type: 'post_like', to: post.createdById, actorId: viewer.id, postId: id });
      return 'removed';
    },

    /** Contract §5.5: the author is notified of comments, except their own (the issue-16 change to the contract). */
    async comment(viewer: ProfileRow, id: string, body: string): Promise<Comment> {
      const post = await visiblePost(id, viewer);
      const created = await db.transaction((tx) => createPostWritesRepository(tx).comment(id, viewer.id, body));
      await notifications.notify({
        type: 'post_comment',
        to: post.createdById,
        actor: actorOf(viewer),
        postId: id,
        postBody: post.body,
      });
      return serializeComment({ ...created, body, author: viewer }, media);
    },

    /** Contract §5.9, once per person; enough distinct reports hide the post from all but its author. */
    async report(viewer: ProfileRow, id: string, reason = ''): Promise<void> {
      const post = await visiblePost(id, viewer);
      if (post.createdById === viewer.id) throw new Forbidden('You cannot report your own post.');
      const hidTags = await db.transaction(async (tx) => {
        const writes = createPostWritesRepository(tx);
        const reports = await writes.report(id, viewer.id, reason);
        return reports !== undefined && reports >= config.reportHideThreshold ? writes.hide(id) : false;
      });
      if (hidTags) await trends.changed();
    },

    /** Contract §5.10: only the author; the pictures leave storage too. */
    async remove(viewer: ProfileRow, id: string): Promise<void> {
      const deleted = await db.transaction((tx) => createPostWritesRepository(tx).delete(id, viewer.id));
      if (!deleted) throw new NotFound();
      await removeMedia(media, deleted.keys);
      if (deleted.hadTags) await trends.changed();
    },
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
