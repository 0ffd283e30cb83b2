import { parseHashtags, SOCIAL_MESSAGES, type Post, type PostEditRequest, type PostHistory } from '@portal/contracts';
import type { Deps } from '../core/deps.js';
import { Forbidden, Invalid, NotFound } from '../core/domain-errors.js';
import { publicOrigin } from '../core/request-origin.js';
import type { NotificationsService } from '../notifications/index.js';
import { createBookmarksRepository } from './bookmarks.repository.js';
import { pageLinks, pageOf, readPage, type PageRequest } from './pagination.js';
import { createPostEditsRepository, type PostEditRow } from './post-edits.repository.js';
import { formError, readBody, readContentWarning } from './post-input.js';
import { createMentions } from './post-mentions.js';
import { createPostWritesRepository } from './post-writes.repository.js';
import { serializePost } from './post.serializer.js';
import { createPostsRepository, type PostWithAuthor } from './posts.repository.js';
import type { ProfileRow } from './profiles.repository.js';
import type { TrendsService } from './trends.service.js';

/** A post never edited, as the one version of its history. */
const currentVersion = (post: PostWithAuthor): PostEditRow => ({
  id: post.id,
  postId: post.id,
  body: post.body,
  contentWarning: post.contentWarning,
  alts: post.attachments.map((picture) => ({ id: picture.id, alt: picture.alt ?? null })),
  createdAt: post.createdAt,
});

/** Issue 27: editing a post and reading its versions, and bookmarks. */
export function createPostEditsService(
  { db, media, config }: Pick<Deps, 'db' | 'media' | 'config'>,
  notifications: NotificationsService,
  trends: TrendsService,
) {
  const postsRepo = createPostsRepository(db);
  const bookmarks = createBookmarksRepository(db);
  const edits = createPostEditsRepository(db);
  const mentions = createMentions(notifications);

  async function visiblePost(id: string, viewer: ProfileRow | null): Promise<PostWithAuthor> {
    const post = await postsRepo.findVisible(id, viewer?.id ?? null);
    if (!post) throw new NotFound();
    return post;
  }

  return {
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
        return {
          edited: done,
          mentioned: done.changed ? await writes.setMentions(id, await mentions.mentionedIn(tx, id, text)) : [],
        };
      });
      if (edited.tagsChanged) await trends.changed();
      await mentions.notify(mentioned, viewer, id, text);
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
  };
}

export type PostEditsService = ReturnType<typeof createPostEditsService>;
