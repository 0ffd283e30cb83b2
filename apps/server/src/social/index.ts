/** What other domains may use of the social network. */
export { createSocialFinder, type SocialFinder } from './social-finder.js';
/** For the back office: hide, restore and dismiss reported posts; hide and restore a suspended person's posts. */
export { createPostModeration, type ModerationDecision } from './post-moderation.js';
