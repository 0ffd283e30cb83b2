import { randomUUID } from 'node:crypto';
import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import {
  postAttachments,
  postComments,
  postEdits,
  postLikes,
  postMentions,
  postReports,
  posts,
  socialProfiles,
} from '../db/schema/index.js';
import { createHashtagsRepository } from './hashtags.repository.js';

export interface NewAttachment {
  id: string;
  image: string;
  thumbnail: string;
  width: number;
  height: number;
  /** Issue 27: what the picture shows. */
  alt?: string | null;
}

export interface NewPost {
  id: string;
  authorId: number;
  body: string | null;
  isPrivate: boolean;
  contentWarning?: string | null;
  tags: string[];
  attachments: NewAttachment[];
  /** Now, unless given (demo data). */
  createdAt?: Date;
}

/** Issue 27: what an edit changes; a key left undefined stays as it was. */
export interface PostChange {
  body?: string | null;
  contentWarning?: string | null;
  /** New descriptions by attachment id (null clears one). */
  alts?: Map<string, string | null>;
  /** The tags of the text after the edit. */
  tags: string[];
}

export interface EditedPost {
  body: string | null;
  contentWarning: string | null;
  alts: { id: string; alt: string | null }[];
  isPrivate: boolean;
  isHidden: boolean;
  editedAt: Date | null;
  /** Whether a listed post's tags changed (the trends then change too). */
  tagsChanged: boolean;
  /** False when the edit changed nothing (then nothing was written). */
  changed: boolean;
}

interface CounterDelta {
  posts: number;
  visible: number;
  public: number;
}

/**
 * Writes that change a post and the counters that depend on it (the author's post counts and
 * the hashtags' public counts). Call inside one transaction.
 */
export function createPostWritesRepository(tx: Executor) {
  const hashtags = createHashtagsRepository(tx);

  async function adjustAuthor(authorId: number, delta: CounterDelta) {
    await tx
      .update(socialProfiles)
      .set({
        postsCount: sql`${socialProfiles.postsCount} + ${delta.posts}`,
        visiblePostsCount: sql`${socialProfiles.visiblePostsCount} + ${delta.visible}`,
        publicPostsCount: sql`${socialProfiles.publicPostsCount} + ${delta.public}`,
      })
      .where(eq(socialProfiles.id, authorId));
  }

  return {
    async insert(post: NewPost): Promise<Date> {
      const [row] = await tx
        .insert(posts)
        .values({
          id: post.id,
          createdById: post.authorId,
          body: post.body,
          isPrivate: post.isPrivate,
          contentWarning: post.contentWarning ?? null,
          createdAt: post.createdAt,
        })
        .returning({ createdAt: posts.createdAt });
      const createdAt = row!.createdAt;
      if (post.attachments.length > 0) {
        await tx
          .insert(postAttachments)
          .values(post.attachments.map((file, position) => ({ ...file, postId: post.id, position })));
      }
      await hashtags.tag(post.id, createdAt, post.tags, !post.isPrivate);
      await adjustAuthor(post.authorId, { posts: 1, visible: 1, public: post.isPrivate ? 0 : 1 });
      return createdAt;
    },

    /**
     * Issue 27: an edit by the post's author, as Mastodon keeps them. The post is locked; on its first
     * edit its original version is kept (at its creation time); the changes are made, its tags follow
     * the new text, and the new version is kept too. Undefined when the post is not the author's.
     */
    async edit(postId: string, authorId: number, change: PostChange): Promise<EditedPost | undefined> {
      const [post] = await tx
        .select({
          body: posts.body,
          contentWarning: posts.contentWarning,
          isPrivate: posts.isPrivate,
          isHidden: posts.isHidden,
          createdAt: posts.createdAt,
          editedAt: posts.editedAt,
        })
        .from(posts)
        .where(and(eq(posts.id, postId), eq(posts.createdById, authorId)))
        .for('update');
      if (!post) return undefined;
      const pictures = await tx
        .select({ id: postAttachments.id, alt: postAttachments.alt })
        .from(postAttachments)
        .where(eq(postAttachments.postId, postId))
        .orderBy(postAttachments.position);
      const alts = pictures.map((picture) => ({
        id: picture.id,
        alt: change.alts?.has(picture.id) ? (change.alts.get(picture.id) ?? null) : picture.alt,
      }));
      const body = change.body === undefined ? post.body : change.body;
      const contentWarning = change.contentWarning === undefined ? post.contentWarning : change.contentWarning;
      const changed =
        body !== post.body ||
        contentWarning !== post.contentWarning ||
        alts.some((alt, index) => alt.alt !== pictures[index]!.alt);
      const result = { body, contentWarning, alts, isPrivate: post.isPrivate, isHidden: post.isHidden };
      if (!changed) return { ...result, editedAt: post.editedAt, tagsChanged: false, changed: false };
      if (post.editedAt === null) {
        await tx.insert(postEdits).values({
          id: randomUUID(),
          postId,
          body: post.body,
          contentWarning: post.contentWarning,
          alts: pictures,
          createdAt: post.createdAt,
        });
      }
      const [updated] = await tx
        .update(posts)
        .set({ body, contentWarning, editedAt: sql`now()` })
        .where(eq(posts.id, postId))
        .returning({ editedAt: posts.editedAt });
      for (const [index, alt] of alts.entries()) {
        if (alt.alt !== pictures[index]!.alt) {
          await tx.update(postAttachments).set({ alt: alt.alt }).where(eq(postAttachments.id, alt.id));
        }
      }
      const listed = !post.isPrivate && !post.isHidden;
      const tagsChanged = await hashtags.retag(postId, post.createdAt, change.tags, listed);
      await tx.insert(postEdits).values({ id: randomUUID(), postId, body, contentWarning, alts, createdAt: updated!.editedAt! });
      return { ...result, editedAt: updated!.editedAt, tagsChanged: tagsChanged && listed, changed: true };
    },

    /**
     * Issue 27: who the post mentions, now `profileIds`: those no longer mentioned are forgotten, and
     * the newly mentioned (answered) are remembered, so that an edit notifies only them.
     */
    async setMentions(postId: string, profileIds: number[]): Promise<number[]> {
      await tx
        .delete(postMentions)
        .where(
          and(
            eq(postMentions.postId, postId),
            profileIds.length > 0 ? notInArray(postMentions.profileId, profileIds) : undefined,
          ),
        );
      if (profileIds.length === 0) return [];
      const added = await tx
        .insert(postMentions)
        .values(profileIds.map((profileId) => ({ postId, profileId })))
        .onConflictDoNothing()
        .returning({ profileId: postMentions.profileId });
      return added.map((row) => row.profileId);
    },

    /** Deletes an author's own post; answers the media keys of its pictures, or undefined if it is not theirs. */
    async delete(postId: string, authorId: number): Promise<{ keys: string[]; hadTags: boolean } | undefined> {
      const [post] = await tx
        .select({ isPrivate: posts.isPrivate, isHidden: posts.isHidden })
        .from(posts)
        .where(and(eq(posts.id, postId), eq(posts.createdById, authorId)))
        .for('update');
      if (!post) return undefined;
      const files = await tx
        .select({ image: postAttachments.image, thumbnail: postAttachments.thumbnail })
        .from(postAttachments)
        .where(eq(postAttachments.postId, postId));
      const listed = !post.isPrivate && !post.isHidden;
      const hadTags = await hashtags.unlist(postId, listed);
      await tx.delete(posts).where(eq(posts.id, postId));
      await adjustAuthor(authorId, { posts: -1, visible: post.isHidden ? 0 : -1, public: listed ? -1 : 0 });
      return { keys: files.flatMap((file) => [file.image, file.thumbnail]), hadTags };
    },

    /** One like per person: true when this one is new (and counted). */
    async like(postId: string, profileId: number): Promise<boolean> {
      const inserted = await tx
        .insert(postLikes)
        .values({ id: randomUUID(), postId, profileId })
        .onConflictDoNothing()
        .returning({ id: postLikes.id });
      if (inserted.length === 0) return false;
      await tx
        .update(posts)
        .set({ likesCount: sql`${posts.likesCount} + 1` })
        .where(eq(posts.id, postId));
      return true;
    },

    /** Takes one person's like back: true when there was one (and the count went down). */
    async unlike(postId: string, profileId: number): Promise<boolean> {
      const removed = await tx
        .delete(postLikes)
        .where(and(eq(postLikes.postId, postId), eq(postLikes.profileId, profileId)))
        .returning({ id: postLikes.id });
      if (removed.length === 0) return false;
      await tx
        .update(posts)
        .set({ likesCount: sql`greatest(${posts.likesCount} - 1, 0)` })
        .where(eq(posts.id, postId));
      return true;
    },

    async comment(postId: string, authorId: number, body: string, createdAt?: Date): Promise<{ id: string; createdAt: Date }> {
      const [row] = await tx
        .insert(postComments)
        .values({ id: randomUUID(), postId, createdById: authorId, body, createdAt })
        .returning({ id: postComments.id, createdAt: postComments.createdAt });
      await tx
        .update(posts)
        .set({ commentsCount: sql`${posts.commentsCount} + 1` })
        .where(eq(posts.id, postId));
      return row!;
    },

    /** Records one person's report; answers the post's report count when it is new, else undefined. */
    async report(postId: string, profileId: number, reason = ''): Promise<number | undefined> {
      const inserted = await tx
        .insert(postReports)
        .values({ postId, profileId, reason })
        .onConflictDoNothing()
        .returning({ postId: postReports.postId });
      if (inserted.length === 0) return undefined;
      const [row] = await tx
        .update(posts)
        .set({ reportsCount: sql`${posts.reportsCount} + 1`, lastReportedAt: new Date() })
        .where(eq(posts.id, postId))
        .returning({ reportsCount: posts.reportsCount });
      return row!.reportsCount;
    },

    /** Hides a post from everyone but its author (once); true when it was listed with tags. */
    async hide(postId: string, by: 'reports' | 'staff' | 'suspension' = 'reports'): Promise<boolean> {
      const [post] = await tx
        .update(posts)
        .set({ isHidden: true, hiddenBy: by })
        // Once staff restored or dismissed a post's reports, further reports do not hide it again.
        .where(and(eq(posts.id, postId), eq(posts.isHidden, false), by === 'reports' ? isNull(posts.moderation) : undefined))
        .returning({ isPrivate: posts.isPrivate, authorId: posts.createdById });
      if (!post) return false;
      const hadTags = await hashtags.unlist(postId, !post.isPrivate);
      await adjustAuthor(post.authorId, { posts: 0, visible: -1, public: post.isPrivate ? 0 : -1 });
      return hadTags;
    },

    /** Shows a hidden post again (only one hidden for `onlyBy`, when given); true when it was hidden. */
    async unhide(postId: string, onlyBy?: 'suspension'): Promise<boolean> {
      const [post] = await tx
        .update(posts)
        .set({ isHidden: false, hiddenBy: null })
        .where(and(eq(posts.id, postId), eq(posts.isHidden, true), onlyBy ? eq(posts.hiddenBy, onlyBy) : undefined))
        .returning({ isPrivate: posts.isPrivate, authorId: posts.createdById });
      if (!post) return false;
      if (!post.isPrivate) await hashtags.relist(postId);
      await adjustAuthor(post.authorId, { posts: 0, visible: 1, public: post.isPrivate ? 0 : 1 });
      return true;
    },
  };
}
