import type { FastifyInstance } from 'fastify';
import type { Deps } from '../core/deps.js';
import { aiLabDataPart } from './account-data.part.js';
import { aiConversationsRoutes } from './ai-conversations.routes.js';
import { createAiConversationsService } from './ai-conversations.service.js';
import { aiLabRoutes } from './ai-lab.routes.js';
import { createAiLabService } from './ai-lab.service.js';
import { createAiRateLimiter } from './ai-rate-limit.js';
import { mediaPurgeJob } from './media-purge.job.js';
import { createAiProvider } from './providers/choose-provider.js';
import { realtimeRoutes } from './realtime.routes.js';
import { visionImagesRoutes } from './vision-images.routes.js';
import { createVisionImagesService } from './vision-images.service.js';

/** The AI lab: Funny Chat, image and voice generation, vision uploads and realtime chat (contract §10),
 * and the saved conversations and gallery of logged-in people. */
export async function aiLabPlugin(app: FastifyInstance, { deps }: { deps: Deps }) {
  const provider = await createAiProvider(deps.config.ai);
  app.addHook('onClose', () => provider.close());
  const limiter = createAiRateLimiter(deps);
  deps.scheduler.add(mediaPurgeJob(deps));
  deps.accountData.register(aiLabDataPart());

  const conversations = createAiConversationsService(deps);
  await app.register(aiLabRoutes, { lab: createAiLabService(deps, provider), conversations, limiter });
  await app.register(aiConversationsRoutes, { conversations });
  await app.register(visionImagesRoutes, { images: createVisionImagesService(deps), limiter });
  await app.register(realtimeRoutes, { authenticator: deps.authenticator, events: deps.events, provider, limiter });
}
