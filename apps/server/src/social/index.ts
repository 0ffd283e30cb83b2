/** What other domains may use of the social network. */
export { createSocialFinder, type SocialFinder } from './social-finder.js';
