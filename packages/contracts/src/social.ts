import { z } from 'zod';
import { emailField, FIELD_MESSAGES, optionalTextField, pageSizeField, passwordField, textField } from './fields.js';
import { POST_LIMITS } from './social-constants.js';

export { AVATAR_LIMITS, POST_LIMITS, PROFILE_LIMITS, SEARCH_MATCH_CAP, SOCIAL_MESSAGES } from './social-constants.js';

/** Contract §2 "Profile": `id` is the social profile id, not the account id. */
export const profileSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  email: z.string(),
  slug: z.string(),
  avatar_url: z.string().nullable(),
  friends_count: z.number().int(),
  posts_count: z.number().int(),
  full_name: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * A profile as its own page shows it (issue 27; `/me/`, a person's posts, their friends page, the
 * blocked and muted lists): with the bio, the header picture, and whether the reader blocked or
 * muted the person (false on your own).
 */
export const profileDetailSchema = profileSchema.extend({
  bio: z.string(),
  header_url: z.string().nullable(),
  blocked: z.boolean(),
  muted: z.boolean(),
});
export type ProfileDetail = z.infer<typeof profileDetailSchema>;

/** Contract §2 "PostAttachment", plus the thumbnail and size the post card lays out with. */
export const postAttachmentSchema = z.object({
  id: z.uuid(),
  image_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  /** Issue 27: what the picture shows, for people who cannot see it; null when the author said nothing. */
  alt: z.string().nullable(),
});
export type PostAttachment = z.infer<typeof postAttachmentSchema>;

const postFields = {
  id: z.uuid(),
  body: z.string().nullable(),
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  created_by: profileSchema,
  /** Django "timesince" text, units joined by U+00A0 ("5\u00a0minutes"); shown as "<value> ago". */
  created_at_formatted: z.string(),
  /** ISO-8601; not in the reference contract, kept for clients that format times themselves. */
  created_at: z.string(),
  attachments: z.array(postAttachmentSchema),
  /** Not in the reference contract: whether the caller likes the post (false for anonymous callers). */
  liked: z.boolean(),
  /** Issue 27: the warning the post is folded behind until opened; null when there is none. */
  content_warning: z.string().nullable(),
  /** Issue 27: ISO-8601 time of the last edit; null when never edited. */
  edited_at: z.string().nullable(),
  /** Issue 27: whether the caller bookmarked the post (false for anonymous callers). */
  bookmarked: z.boolean(),
};

/** Contract §2 "Post" (list form). */
export const postSchema = z.object({ ...postFields, is_private: z.boolean() });
export type Post = z.infer<typeof postSchema>;

/** Contract §2 "Comment". */
export const commentSchema = z.object({
  id: z.uuid(),
  body: z.string().nullable(),
  created_by: profileSchema,
  created_at_formatted: z.string(),
  created_at: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;

/** Contract §2 "PostDetail": no `is_private`, comments oldest first. */
export const postDetailSchema = z.object({ ...postFields, comments: z.array(commentSchema) });
export type PostDetail = z.infer<typeof postDetailSchema>;
export const postDetailAnswerSchema = z.object({ post: postDetailSchema });

/**
 * Added (issue 24): a post's comments page on request. `comments_page_size` on the post (§5.3)
 * keeps that many of its first comments in its answer (without it, every comment, as the contract
 * says); `GET /api/social-posts/{id}/comments/?page_size=&after=` answers the next ones, oldest
 * first, after the comment `after`. A page shorter than `page_size` is the last; `comments_count`
 * says how many there are.
 */
export const postDetailQuerySchema = z.object({ comments_page_size: pageSizeField.optional() });
export const commentPageQuerySchema = z.object({
  page_size: pageSizeField.optional(),
  after: z.uuid({ error: 'Must be a valid UUID.' }).optional(),
});
export const commentListSchema = z.array(commentSchema);

/** Contract §2 "Trend" (`occurences` is the contract's spelling). */
export const trendSchema = z.object({ id: z.number().int(), hashtag: z.string(), occurences: z.number().int() });
export type Trend = z.infer<typeof trendSchema>;

export const friendshipRequestSchema = z.object({ id: z.uuid(), created_by: profileSchema });
export type FriendshipRequest = z.infer<typeof friendshipRequestSchema>;

export const NOTIFICATION_TYPES = [
  'new_friendrequest',
  'accepted_friendrequest',
  'rejected_friendrequest',
  'post_like',
  'post_comment',
  'chat_message',
  'mention',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Issue 27: `GET /api/social-notifications/?type=`; `friendship` is the three friend-request types. */
export const NOTIFICATION_FILTERS = ['mention', 'post_like', 'post_comment', 'chat_message', 'friendship'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];
export const notificationQuerySchema = z.object({
  type: z
    .enum(NOTIFICATION_FILTERS, {
      error: (issue) => `"${String(issue.input)}" is not a valid choice: ${NOTIFICATION_FILTERS.join(', ')}.`,
    })
    .optional(),
});

/** Contract §2 "Notification". */
export const notificationSchema = z.object({
  id: z.uuid(),
  body: z.string(),
  type_of_notification: z.enum(NOTIFICATION_TYPES),
  post_id: z.uuid().nullable(),
  created_for_id: z.number().int(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `POST /api/social-notifications/read-all/` (not in the reference contract): how many were unread. */
export const notificationsReadSchema = z.object({ message: z.literal('notifications read'), count: z.number().int() });
export type NotificationsRead = z.infer<typeof notificationsReadSchema>;

/** Contract §1.5: the paginated envelope; `results` is an object. */
function page<T extends z.ZodRawShape>(results: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.object(results),
  });
}

export const feedPageSchema = page({ posts: z.array(postSchema) });
export type FeedPage = z.infer<typeof feedPageSchema>;

/** `true`, `false`, or the string `"rejected"` (contract §1.9). */
export const canSendFriendshipRequestSchema = z.union([z.boolean(), z.literal('rejected')]);
export type CanSendFriendshipRequest = z.infer<typeof canSendFriendshipRequestSchema>;

export const profilePostsPageSchema = page({
  posts: z.array(postSchema),
  profile: profileDetailSchema,
  can_send_friendship_request: canSendFriendshipRequestSchema,
});
export type ProfilePostsPage = z.infer<typeof profilePostsPageSchema>;

export const searchPageSchema = page({ posts: z.array(postSchema), profiles: z.array(profileSchema) }).extend({
  /**
   * Added (issue 24): more posts matched than `count`. Only the newest matches are counted
   * (`SEARCH_MATCH_CAP`, 1,000); a client shows the count as "1,000+".
   */
  count_capped: z.boolean(),
});
export type SearchPage = z.infer<typeof searchPageSchema>;

/** Contract §4.3. */
export const friendsAnswerSchema = z.object({
  user: profileDetailSchema,
  friends: z.array(profileSchema),
  requests: z.array(friendshipRequestSchema),
});
export type FriendsAnswer = z.infer<typeof friendsAnswerSchema>;

/** Contract §4.7 success; `new_header` (issue 27) is the header picture's URL. */
export const profileUpdatedSchema = z.object({
  message: z.literal('Information updated successfully'),
  new_slug: z.string(),
  new_avatar: z.string().nullable(),
  new_header: z.string().nullable(),
});
export type ProfileUpdated = z.infer<typeof profileUpdatedSchema>;

export const FRIENDSHIP_STATUSES = ['accepted', 'rejected'] as const;
export type FriendshipAnswer = (typeof FRIENDSHIP_STATUSES)[number];

/** Pagination of post lists (deviation 10): 10 by default, at most 100. */
export const POST_PAGE_SIZE = { default: 10, max: 100 } as const;

/** Contract §5.5. */
export const commentRequestSchema = z.object({ body: textField(POST_LIMITS.maxCommentLength) });

/** Contract §5.7: POST body of the first search page. */
export const postSearchRequestSchema = z.object({ query: textField(200) });

/** Contract §4.5 (form fields). */
export const editPasswordRequestSchema = z.object({
  old_password: passwordField(),
  new_password1: passwordField(),
  new_password2: passwordField(),
});

/** Contract §4.7 (form fields besides the avatar file). */
export const editProfileRequestSchema = z.object({
  first_name: textField(50),
  last_name: textField(50),
  username: textField(50),
  email: emailField(100),
});

/** `POST /api/social-posts/{id}/report/` may say why (issue 15: moderators read it); the body stays optional. */
export const reportRequestSchema = z.object({ reason: optionalTextField(200) }).nullish();
export type ReportRequest = z.input<typeof reportRequestSchema>;

/**
 * Issue 27: `PATCH /api/social-posts/{id}/` by its author. A key left out stays as it was; `body`
 * and `content_warning` null or blank clear them (a post keeps text or pictures); `alt` describes
 * pictures by attachment id (blank clears a description).
 */
export const postEditRequestSchema = z
  .object({
    body: z
      .string({ error: FIELD_MESSAGES.notString })
      .max(POST_LIMITS.maxBodyLength, { error: FIELD_MESSAGES.maxLength(POST_LIMITS.maxBodyLength) })
      .nullish(),
    content_warning: z
      .string({ error: FIELD_MESSAGES.notString })
      .trim()
      .max(POST_LIMITS.maxContentWarningLength, { error: FIELD_MESSAGES.maxLength(POST_LIMITS.maxContentWarningLength) })
      .nullish(),
    alt: z
      .record(
        z.uuid({ error: "Must be the id of one of the post's pictures." }),
        z
          .string({ error: FIELD_MESSAGES.notString })
          .trim()
          .max(POST_LIMITS.maxAltLength, { error: FIELD_MESSAGES.maxLength(POST_LIMITS.maxAltLength) }),
      )
      .optional(),
  })
  .strict();
export type PostEditRequest = z.input<typeof postEditRequestSchema>;

/** One version of a post in its history (issue 27, as Mastodon keeps them): the text, warning and descriptions it had. */
export const postVersionSchema = z.object({
  body: z.string().nullable(),
  content_warning: z.string().nullable(),
  alts: z.array(z.object({ id: z.uuid(), alt: z.string().nullable() })),
  created_at: z.string(),
});
export type PostVersion = z.infer<typeof postVersionSchema>;

/** `GET /api/social-posts/{id}/history/`: newest version first (the current one included), paginated. */
export const postHistorySchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  results: z.array(postVersionSchema),
});
export type PostHistory = z.infer<typeof postHistorySchema>;

/** `GET /api/social-profiles/blocks/` and `…/mutes/` (issue 27): newest first, paginated by `next`. */
export const profileListPageSchema = z.object({
  next: z.string().nullable(),
  results: z.array(profileDetailSchema),
});
export type ProfileListPage = z.infer<typeof profileListPageSchema>;

/** `GET /api/social-profiles/mention-suggestions/?q=`: what the composer offers as `@` is typed. */
export const mentionSuggestionsQuerySchema = z.object({
  q: z
    .string({ error: FIELD_MESSAGES.notString })
    .trim()
    .max(100, { error: FIELD_MESSAGES.maxLength(100) })
    .default(''),
});
