import { randomUUID } from 'node:crypto';
import {
  parseHashtags,
  parseMentions,
  POST_LIMITS,
  SOCIAL_MESSAGES,
  type Comment,
  type Post,
  type PostDetail,
  type PostEditRequest,
  type PostHistory,
} from '@portal/contracts';
import type { Deps } from '../core/deps.js';
import { Forbidden, Invalid, NotFound } from '../core/domain-errors.js';
import type { NotificationsService } from '../notifications/index.js';
import type { ParsedForm } from './form-parts.js';
import { processPostImages, removeMedia, storePostImages } from './post-images.js';
import { publicOrigin } from '../core/request-origin.js';
import { createBookmarksRepository } from './bookmarks.repository.js';
import { pageLinks, pageOf, readPage, type PageRequest } from './pagination.js';
import { createPostEditsRepository, type PostEditRow } from './post-edits.repository.js';
import { createPostWritesRepository, type NewAttachment } from './post-writes.repository.js';
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
function readBody(value: string | null | undefined): string | null {
  const body = (value ?? '').trim();
  if (body === '') return null;
  if (body.replace(/\s/gu, '').length < POST_LIMITS.minBodyLength) throw formError(SOCIAL_MESSAGES.formNotValid);
  if (body.length > POST_LIMITS.maxBodyLength) throw formError(`A post has at most ${POST_LIMITS.maxBodyLength} characters.`);
  return body;
}

/** Issue 27: a content warning, at most 100 characters; blank is none. */
function readContentWarning(value: string | null | undefined): string | null {
  const warning = (value ?? '').trim();
  if (warning.length > POST_LIMITS.maxContentWarningLength) {
    throw Invalid.fields({
      content_warning: [`A content warning has at most ${POST_LIMITS.maxContentWarningLength} characters.`],
    });
  }
  return warning === '' ? null : warning;
}

const ALT_FIELD = /^alt\[(\d{1,3})\]$/;
const IMAGE_FIELD = /^images\[(\d{1,3})\]$/;

/**
 * Issue 27: `alt[N]` describes the picture sent as `images[N]` (a picture sent under a key without
 * an index counts by its place among the pictures); at most 1,000 characters; blank is none. An
 * `alt[N]` without its picture is refused.
 */
function readAlts(form: ParsedForm): (string | null)[] {
  const keys = form.files.map((file, position) => IMAGE_FIELD.exec(file.field)?.[1] ?? String(position));
  const alts: (string | null)[] = keys.map(() => null);
  for (const [field, value] of Object.entries(form.fields)) {
    const index = ALT_FIELD.exec(field)?.[1];
    if (index === undefined) continue;
    const position = keys.indexOf(String(Number(index)));
    if (position < 0) throw Invalid.fields({ [field]: [`${field} describes no picture: there is no images[${index}].`] });
    const alt = value.trim();
    if (alt.length > POST_LIMITS.maxAltLength) {
      throw Invalid.fields({ [field]: [`A description has at most ${POST_LIMITS.maxAltLength} characters.`] });
    }
    alts[position] = alt === '' ? null : alt;
  }
  return alts;
}

/** A post never edited, as the one version of its history. */
const currentVersion = (post: PostWithAuthor): PostEditRow => ({
  id: post.id,
  postId: post.id,
  body: post.body,
  contentWarning: post.contentWarning,
  alts: post.attachments.map((picture) => ({ id: picture.id, alt: picture.alt ?? null })),
  createdAt: post.createdAt,
});

/** The most people one post or comment notifies by mentioning them. */
export const MAX_MENTIONS = 20;

export function createPostsService(
  { db, media, config }: Pick<Deps, 'db' | 'media' | 'config'>,
  notifications: NotificationsService,
  trends: TrendsService,
) {
  const postsRepo = createPostsRepository(db);
  const bookmarks = createBookmarksRepository(db);
  const edits = createPostEditsRepository(db);

  async function visiblePost(id: string, viewer: ProfileRow | null): Promise<PostWithAuthor> {
    const post = await postsRepo.findVisible(id, viewer?.id ?? null);
    if (!post) throw new NotFound();
    return post;
  }

  /** Issue 27: tells each person newly mentioned (the notification service skips whoever blocked or muted the author). */
  async function notifyMentioned(ids: number[], viewer: ProfileRow, postId: string, text: string | null) {
    for (const to of ids) {
      await notifications.notify({ type: 'mention', to, actor: actorOf(viewer), postId, postBody: text });
    }
  }

  /** Who a text mentions that a mention on this post may notify (call inside the transaction that wrote it). */
  const mentionedIn = (tx: Parameters<typeof createPostsRepository>[0], postId: string, text: string | null) =>
    createPostsRepository(tx).mentionable(postId, parseMentions(text).slice(0, MAX_MENTIONS));

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
          return { createdAt: at, mentioned: await writes.setMentions(id, await mentionedIn(tx, id, body)) };
        }));
      } catch (error) {
        await removeMedia(
          media,
          attachments.flatMap((file) => [file.image, file.thumbnail]),
        );
        throw error;
      }
      if (tags.length > 0 && !isPrivate) await trends.changed();
      await notifyMentioned(mentioned, viewer, id, body);
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

    async detail(viewer: ProfileRow | null, id: string): Promise<PostDetail> {
      const post = await visiblePost(id, viewer);
      return serializePostDetail(post, post.attachments, await postsRepo.commentsOf(id, viewer?.id ?? null), media);
    },

    /**
     * Issue 27: its author edits a post (others who may see it: 403). Hashtags, mentions and search
     * follow the new text; people it newly mentions are told; its earlier versions are kept.
     */
    async edit(viewer: ProfileRow, id: string, input: PostEditRequest): Promise<Post> {
      const post = await visiblePost(id, viewer);
      if (post.createdById !== viewer.id) throw new Forbidden(SOCIAL_MESSAGES.notYourPost);
      const body = input.body === undefined ? undefined : readBody(input.body);
      if ((body === undefined ? post.body : body) === null && post.attachments.length === 0) {
        throw formError('Write something or keep a picture.');
      }
      const pictures = new Set(post.attachments.map((picture) => picture.id));
      const alts = new Map<string, string | null>();
      for (const [pictureId, alt] of Object.entries(input.alt ?? {})) {
        if (!pictures.has(pictureId.toLowerCase()))
          throw Invalid.fields({ alt: [`${pictureId} is not a picture of this post.`] });
        alts.set(pictureId.toLowerCase(), alt.trim() === '' ? null : alt.trim());
      }
      const contentWarning = input.content_warning === undefined ? undefined : readContentWarning(input.content_warning);
      const text = body === undefined ? post.body : body;
      const { edited, mentioned } = await db.transaction(async (tx) => {
        const writes = createPostWritesRepository(tx);
        const done = await writes.edit(id, viewer.id, { body, contentWarning, alts, tags: parseHashtags(text) });
        if (!done) throw new NotFound();
        return { edited: done, mentioned: done.changed ? await writes.setMentions(id, await mentionedIn(tx, id, text)) : [] };
      });
      if (edited.tagsChanged) await trends.changed();
      await notifyMentioned(mentioned, viewer, id, text);
      const row: PostWithAuthor = {
        ...post,
        body: edited.body,
        contentWarning: edited.contentWarning,
        editedAt: edited.editedAt,
        attachments: post.attachments.map((picture) => ({
          ...picture,
          alt: edited.alts.find((alt) => alt.id === picture.id)?.alt ?? null,
        })),
      };
      return serializePost(row, row.attachments, media);
    },

    /**
     * Issue 27, as Mastodon answers it: whoever may see a post may read its versions, the newest (the
     * current one) first; a post never edited has one.
     */
    async history(viewer: ProfileRow | null, id: string, request: PageRequest, pageSize?: string): Promise<PostHistory> {
      const post = await visiblePost(id, viewer);
      const page = post.editedAt
        ? await readPage(
            request,
            () => edits.count(id),
            (window) => edits.page(id, window),
          )
        : pageOf(request, request.page === 1 || request.page === 'last' ? [currentVersion(post)] : [], 1, null, 1);
      const links = pageLinks(publicOrigin(config.publicUrl), `/api/social-posts/${id}/history/`, { page_size: pageSize }, page);
      return {
        count: page.count,
        next: links.next,
        results: page.rows.map((version) => ({
          body: version.body,
          content_warning: version.contentWarning,
          alts: version.alts,
          created_at: new Date(version.createdAt).toISOString(),
        })),
      };
    },

    /** Issue 27: keeps a post the viewer may see for later (once). */
    async bookmark(viewer: ProfileRow, id: string): Promise<void> {
      await visiblePost(id, viewer);
      await bookmarks.add(viewer.id, id);
    },

    /** Takes a bookmark back (nothing happens when there was none); the post must still be one the viewer may see. */
    async unbookmark(viewer: ProfileRow, id: string): Promise<void> {
      await visiblePost(id, viewer);
      await bookmarks.remove(viewer.id, id);
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
        mentioned: await mentionedIn(tx, id, body),
      }));
      await notifyMentioned(
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
