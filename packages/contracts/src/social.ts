import { z } from 'zod';
import { emailField, optionalTextField, pageSizeField, passwordField, textField } from './fields.js';
import { POST_LIMITS } from './social-constants.js';

export { AVATAR_LIMITS, POST_LIMITS, SEARCH_MATCH_CAP, SOCIAL_MESSAGES } from './social-constants.js';

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

/** Contract §2 "PostAttachment", plus the thumbnail and size the post card lays out with. */
export const postAttachmentSchema = z.object({
  id: z.uuid(),
  image_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
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
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

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
  profile: profileSchema,
  can_send_friendship_request: canSendFriendshipRequestSchema,
});
export type ProfilePostsPage = z.infer<typeof profilePostsPageSchema>;

export const searchPageSchema = page({ posts: z.array(postSchema), profiles: z.array(profileSchema) }).extend({
  /**
   * Added (issue 24): more posts matched than `count`. Only the newest matches are counted and
   * ranked (`SEARCH_MATCH_CAP`, 1,000); a client shows the count as "1,000+".
   */
  count_capped: z.boolean(),
});
export type SearchPage = z.infer<typeof searchPageSchema>;

/** Contract §4.3. */
export const friendsAnswerSchema = z.object({
  user: profileSchema,
  friends: z.array(profileSchema),
  requests: z.array(friendshipRequestSchema),
});
export type FriendsAnswer = z.infer<typeof friendsAnswerSchema>;

/** Contract §4.7 success. */
export const profileUpdatedSchema = z.object({
  message: z.literal('Information updated successfully'),
  new_slug: z.string(),
  new_avatar: z.string().nullable(),
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
