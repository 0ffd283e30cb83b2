import type { FastifyInstance } from 'fastify';
import { createPasswordChangeService } from '../auth/index.js';
import type { Deps } from '../core/deps.js';
import { announceChange } from '../core/public-cache.js';
import { defaultErrorShape, socialShape } from '../core/error-shapes.js';
import { createNotificationsService } from '../notifications/index.js';
import { socialDataPart } from './account-data.part.js';
import { chatDataPart } from './chat-data.part.js';
import { createChatPresence } from './chat-presence.js';
import { chatRoutes } from './chat.routes.js';
import { createChatService } from './chat.service.js';
import { friendshipsRoutes } from './friendships.routes.js';
import { createFriendshipsService } from './friendships.service.js';
import { postActionsRoutes } from './post-actions.routes.js';
import { createPostListsService } from './post-lists.service.js';
import { postsRoutes } from './posts.routes.js';
import { createProfileEditService } from './profile-edit.service.js';
import { createPostsService } from './posts.service.js';
import { createPostEditsService } from './post-edits.service.js';
import { createProfilesRepository } from './profiles.repository.js';
import { profilesRoutes } from './profiles.routes.js';
import { createRealtimeHub } from './realtime-hub.js';
import { relationsRoutes } from './relations.routes.js';
import { createRelationsService } from './relations.service.js';
import { realtimeRoutes } from './realtime.routes.js';
import { searchTrendsRoutes } from './search-trends.routes.js';
import { createViewerResolver } from './social-viewer.js';
import { createTrendsService, TRENDS_INTERVAL_MS, TRENDS_JOB } from './trends.service.js';

export const PURGE_REJECTED_JOB = 'social-purge-rejected-requests';

/** The social network: profiles, friendships, posts, trends, search and chat, its sockets and scheduled jobs. */
export async function socialPlugin(app: FastifyInstance, { deps }: { deps: Deps }) {
  const viewers = createViewerResolver(createProfilesRepository(deps.db));
  const notifications = createNotificationsService(deps);
  const trends = createTrendsService(deps);
  const friendships = createFriendshipsService(deps, notifications);
  const posts = createPostsService(deps, notifications, trends);
  const postEdits = createPostEditsService(deps, notifications, trends);
  const lists = createPostListsService(deps);
  const chat = createChatService(deps, notifications, createChatPresence());
  const hub = createRealtimeHub(deps);

  deps.accountData.register(socialDataPart());
  deps.accountData.register(chatDataPart());
  deps.scheduler.add({
    name: TRENDS_JOB,
    intervalMs: TRENDS_INTERVAL_MS,
    // Cached public answers are dropped only when the trends they show changed.
    run: async () => {
      if (await trends.recompute()) await announceChange(deps.events, ['social']);
    },
  });
  deps.scheduler.add({
    name: PURGE_REJECTED_JOB,
    intervalMs: 24 * 3_600_000,
    // A purged request lets the two ask again: the profile pages kept per person (issue 24) say so at once.
    run: async () => {
      if ((await friendships.purgeRejected()) > 0) await announceChange(deps.events, ['social']);
    },
  });

  defaultErrorShape(app, socialShape);
  await app.register(profilesRoutes, {
    edits: createProfileEditService(deps),
    passwords: createPasswordChangeService(deps),
    viewers,
  });
  await app.register(friendshipsRoutes, { friendships, viewers });
  await app.register(relationsRoutes, { relations: createRelationsService(deps), friendships, viewers });
  await app.register(postsRoutes, { posts, postEdits, lists, viewers });
  await app.register(postActionsRoutes, { posts, postEdits, viewers });
  await app.register(searchTrendsRoutes, { lists, trends, viewers });
  await app.register(chatRoutes, { chat, viewers });
  await app.register(realtimeRoutes, { authenticator: deps.authenticator, viewers, chat, hub });
}
