import type { FastifyInstance } from 'fastify';
import type { Deps } from '../core/deps.js';
import { aiLabDataPart } from './account-data.part.js';
import { aiLabRoutes } from './ai-lab.routes.js';
import { createAiLabService } from './ai-lab.service.js';
import { createAiRateLimiter } from './ai-rate-limit.js';
import { createFunnyChatService } from './chat/funny-chat.service.js';
import { aiConversationsRoutes } from './conversations/ai-conversations.routes.js';
import { createAiConversationsService } from './conversations/ai-conversations.service.js';
import { conversationBranchesRoutes } from './conversations/conversation-branches.routes.js';
import { sharedConversationsRoutes } from './conversations/shared-conversations.routes.js';
import { attachmentsRoutes } from './documents/attachments.routes.js';
import { createAttachmentsService } from './documents/attachments.service.js';
import { mediaPurgeJob } from './media-purge.job.js';
import { createModelCatalogue } from './models/model-catalogue.js';
import { createAiProvider } from './providers/choose-provider.js';
import { realtimeRoutes } from './realtime.routes.js';
import { aiSettingsRoutes } from './settings/ai-settings.routes.js';
import { createAiSettingsService } from './settings/ai-settings.service.js';
import { transcriptionRoutes } from './transcription.routes.js';
import { visionImagesRoutes } from './vision-images.routes.js';
import { createVisionImagesService } from './vision-images.service.js';

/**
 * The AI lab: Funny Chat (models, instructions, documents, edits and versions), image and voice
 * generation, vision uploads, voice input and realtime chat (contract §10), and the saved, searchable
 * and shareable conversations and gallery of logged-in people.
 */
export async function aiLabPlugin(app: FastifyInstance, { deps }: { deps: Deps }) {
  const provider = await createAiProvider(deps.config.ai);
  app.addHook('onClose', () => provider.close());
  const limiter = createAiRateLimiter(deps);
  deps.scheduler.add(mediaPurgeJob(deps));
  deps.accountData.register(aiLabDataPart());

  const models = createModelCatalogue({ ai: deps.config.ai, provider, log: app.log });
  const lab = createAiLabService(deps, provider);
  const conversations = createAiConversationsService(deps, models);
  const attachments = createAttachmentsService(deps);
  const settings = createAiSettingsService(deps, models);
  const chat = createFunnyChatService({ deps, provider, lab, conversations, attachments, settings, models });

  await app.register(aiLabRoutes, { lab, chat, limiter });
  await app.register(aiConversationsRoutes, { conversations });
  await app.register(conversationBranchesRoutes, { chat, conversations, limiter });
  await app.register(sharedConversationsRoutes, { conversations });
  await app.register(aiSettingsRoutes, { settings, models });
  await app.register(attachmentsRoutes, { attachments, limiter });
  await app.register(transcriptionRoutes, { lab, limiter });
  await app.register(visionImagesRoutes, { images: createVisionImagesService(deps), limiter });
  await app.register(realtimeRoutes, { authenticator: deps.authenticator, events: deps.events, provider, limiter });
}
