// Kept apart from social.ts, whose zod schemas cannot be tree-shaken: the web's post card, post form
// and image picker read these, and importing them must not bring zod into the social network's first
// view (scripts/bundle-sizes.mjs measures it).

/** Limits of a post, shared by the server's checks and the web form. */
export const POST_LIMITS = {
  maxImages: 10,
  maxImageBytes: 10 * 1024 * 1024,
  maxImagePixels: 40_000_000,
  maxBodyLength: 5000,
  minBodyLength: 3,
  maxCommentLength: 2000,
  /** Issue 27: a picture's description (`alt[N]` for `images[N]`) and a content warning. */
  maxAltLength: 1000,
  maxContentWarningLength: 100,
} as const;

export const AVATAR_LIMITS = { maxBytes: 5 * 1024 * 1024, maxPixels: 40_000_000 } as const;

/** Issue 27: a profile's bio and header picture. */
export const PROFILE_LIMITS = { maxBioLength: 500, maxHeaderBytes: 10 * 1024 * 1024, maxHeaderPixels: 40_000_000 } as const;

/** The `message` texts of the social "status" replies (contract §4–§7). */
export const SOCIAL_MESSAGES = {
  requestCreated: 'friendship request created',
  requestAlreadySent: 'request already sent',
  requestUpdated: 'friendship request updated',
  likeCreated: 'like created',
  alreadyLiked: 'post already liked',
  likeRemoved: 'like removed',
  notLiked: 'post not liked',
  reported: 'post reported',
  deleted: 'post deleted',
  notificationRead: 'notification read',
  notificationsRead: 'notifications read',
  passwordChanged: 'success',
  profileUpdated: 'Information updated successfully',
  emailTaken: 'Email already exists!',
  usernameTaken: 'Username already exists!',
  invalidForm: 'Invalid form data!',
  noProfile: 'Profile does not exist for this user',
  authenticationRequired: 'Authentication required',
  formNotValid: 'Form is not valid',
  blocked: 'profile blocked',
  unblocked: 'profile unblocked',
  muted: 'profile muted',
  unmuted: 'profile unmuted',
  bookmarked: 'post bookmarked',
  unbookmarked: 'bookmark removed',
  /** A friend request or chat between two people one of whom blocked the other (403). */
  blockedRequest: 'You cannot send a friend request to this person.',
  blockedChat: 'You cannot chat with this person.',
  notYourPost: 'You can only edit your own posts.',
} as const;

/**
 * Issue 24: a search counts at most this many matches (the newest; the server ranks the newest
 * 300 by relevance, the others after them, newest first); past it the answer says `count_capped`
 * and shows its count as "1,000+".
 */
export const SEARCH_MATCH_CAP = 1000;
