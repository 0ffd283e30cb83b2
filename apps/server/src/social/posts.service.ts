import { randomUUID } from 'node:crypto';
import { parseHashtags, type Comment, type Post, type PostDetail } from '@portal/contracts';
import type { Deps } from '../core/deps.js';
import { Forbidden, NotFound } from '../core/domain-errors.js';
import type { NotificationsService } from '../notifications/index.js';
import type { ParsedForm } from './form-parts.js';
import { processPostImages, removeMedia, storePostImages } from './post-images.js';
import { formError, readAlts, readBody, readContentWarning, readPrivacy } from './post-input.js';
import { createMentions } from './post-mentions.js';
import { createPostWritesRepository, type NewAttachment } from './post-writes.repository.js';
import { actorOf } from './profile.serializer.js';
import { serializeComment, serializePost, serializePostDetail } from './post.serializer.js';
import { createPostsRepository, type PostWithAuthor } from './posts.repository.js';
import type { ProfileRow } from './profiles.repository.js';
import type { TrendsService } from './trends.service.js';

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

  const mentions = createMentions(notifications);

  return {
    async create(viewer: ProfileRow, form: ParsedForm): Promise<Post> {
      const body = readBody(form.fields.body);
      const isPrivate = readPrivacy(form.fields.is_private);
      const contentWarning = readContentWarning(form.fields.content_warning);
      if (body === null && form.files.length === 0) throw formError('Write something or add a picture.');
      const alts = readAlts(form);
      const images = await processPostImages(form.files);
      const attachments: NewAttachment[] = (await storePostImages(media, images)).map((file, index) => ({
        ...file,
        alt: alts[index] ?? null,
      }));
      const id = randomUUID();
      const tags = parseHashtags(body);
      let createdAt: Date;
      let mentioned: number[];
      try {
        ({ createdAt, mentioned } = await db.transaction(async (tx) => {
          const writes = createPostWritesRepository(tx);
          const at = await writes.insert({ id, authorId: viewer.id, body, isPrivate, contentWarning, tags, attachments });
          return { createdAt: at, mentioned: await writes.setMentions(id, await mentions.mentionedIn(tx, id, body)) };
        }));
      } catch (error) {
        await removeMedia(
          media,
          attachments.flatMap((file) => [file.image, file.thumbnail]),
        );
        throw error;
      }
      if (tags.length > 0 && !isPrivate) await trends.changed();
      await mentions.notify(mentioned, viewer, id, body);
      const author = {
        ...viewer,
        postsCount: viewer.postsCount + 1,
        visiblePostsCount: viewer.visiblePostsCount + 1,
        publicPostsCount: viewer.publicPostsCount + (isPrivate ? 0 : 1),
      };
      const stored = attachments.map((file, position) => ({ ...file, alt: file.alt ?? null, postId: id, position }));
      const row: PostWithAuthor = {
        id,
        createdById: viewer.id,
        body,
        isPrivate,
        isHidden: false,
        likesCount: 0,
        commentsCount: 0,
        reportsCount: 0,
        contentWarning,
        editedAt: null,
        createdAt,
        liked: false,
        bookmarked: false,
        attachments: stored,
        author,
      };
      return serializePost(row, stored, media);
    },

    /** Contract §5.3: with every comment, or (issue 24) the first `commentsPageSize` of them. */
    async detail(viewer: ProfileRow | null, id: string, commentsPageSize?: number): Promise<PostDetail> {
      const post = await visiblePost(id, viewer);
      const page = commentsPageSize === undefined ? undefined : { size: commentsPageSize, after: undefined };
      return serializePostDetail(post, post.attachments, await postsRepo.commentsOf(id, viewer?.id ?? null, page), media);
    },

    /** Issue 24: the comments of a post one may see, a page after the comment `after`, oldest first. */
    async comments(viewer: ProfileRow | null, id: string, page: { size: number; after: string | undefined }): Promise<Comment[]> {
      await visiblePost(id, viewer);
      const now = new Date();
      return (await postsRepo.commentsOf(id, viewer?.id ?? null, page)).map((comment) => serializeComment(comment, media, now));
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

    /**
     * Contract §5.5: the author is notified of comments, except their own (the issue-16 change to the
     * contract); issue 27: people the comment mentions who may see the post are told too, once each.
     */
    async comment(viewer: ProfileRow, id: string, body: string): Promise<Comment> {
      const post = await visiblePost(id, viewer);
      const { created, mentioned } = await db.transaction(async (tx) => ({
        created: await createPostWritesRepository(tx).comment(id, viewer.id, body),
        mentioned: await mentions.mentionedIn(tx, id, body),
      }));
      await mentions.notify(
        mentioned.filter((to) => to !== viewer.id),
        viewer,
        id,
        body,
      );
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
