import { parseMentions } from '@portal/contracts';
import type { Executor } from '../db/client.js';
import type { NotificationsService } from '../notifications/index.js';
import { createPostsRepository } from './posts.repository.js';
import { actorOf } from './profile.serializer.js';
import type { ProfileRow } from './profiles.repository.js';

/** The most people one post or comment notifies by mentioning them. */
export const MAX_MENTIONS = 20;

/** Issue 27: who a post or comment mentions, and telling them. */
export function createMentions(notifications: NotificationsService) {
  return {
    /** Who a text mentions that a mention on this post may notify (call inside the transaction that wrote it). */
    mentionedIn: (tx: Executor, postId: string, text: string | null) =>
      createPostsRepository(tx).mentionable(postId, parseMentions(text).slice(0, MAX_MENTIONS)),

    /** Tells each person newly mentioned (the notification service skips whoever blocked or muted the author). */
    async notify(ids: number[], viewer: ProfileRow, postId: string, text: string | null): Promise<void> {
      for (const to of ids) {
        await notifications.notify({ type: 'mention', to, actor: actorOf(viewer), postId, postBody: text });
      }
    },
  };
}
