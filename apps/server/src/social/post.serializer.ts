import type { Comment, Post, PostAttachment, PostDetail } from '@portal/contracts';
import type { MediaStorage } from '../core/media/media-storage.js';
import type { AttachmentRow, CommentWithAuthor, PostWithAuthor } from './posts.repository.js';
import { serializeProfile } from './profile.serializer.js';
import { timesince } from './timesince.js';

function serializeAttachment(row: AttachmentRow, media: MediaStorage): PostAttachment {
  return {
    id: row.id,
    image_url: media.url(row.image),
    thumbnail_url: media.url(row.thumbnail),
    width: row.width,
    height: row.height,
    alt: row.alt ?? null,
  };
}

/** Contract §2 "Post" (list form). */
export function serializePost(row: PostWithAuthor, attachments: AttachmentRow[], media: MediaStorage, now = new Date()): Post {
  return {
    id: row.id,
    body: row.body,
    is_private: row.isPrivate,
    likes_count: row.likesCount,
    comments_count: row.commentsCount,
    created_by: serializeProfile(row.author, media),
    created_at_formatted: timesince(row.createdAt, now),
    created_at: row.createdAt.toISOString(),
    attachments: attachments.map((attachment) => serializeAttachment(attachment, media)),
    liked: row.liked,
    content_warning: row.contentWarning ?? null,
    edited_at: row.editedAt ? new Date(row.editedAt).toISOString() : null,
    bookmarked: row.bookmarked ?? false,
  };
}

export function serializeComment(row: CommentWithAuthor, media: MediaStorage, now = new Date()): Comment {
  return {
    id: row.id,
    body: row.body,
    created_by: serializeProfile(row.author, media),
    created_at_formatted: timesince(row.createdAt, now),
    created_at: row.createdAt.toISOString(),
  };
}

/** Contract §2 "PostDetail": the list form without `is_private`, with the comments. */
export function serializePostDetail(
  row: PostWithAuthor,
  attachments: AttachmentRow[],
  comments: CommentWithAuthor[],
  media: MediaStorage,
): PostDetail {
  const now = new Date();
  const { is_private: _private, ...post } = serializePost(row, attachments, media, now);
  return { ...post, comments: comments.map((comment) => serializeComment(comment, media, now)) };
}
