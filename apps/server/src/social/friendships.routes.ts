import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FRIENDSHIP_STATUSES, friendsAnswerSchema, messageSchema, profileSchema, SOCIAL_MESSAGES } from '@portal/contracts';
import { errorResponses } from '../core/openapi-responses.js';
import type { FriendshipsService } from './friendships.service.js';
import type { ViewerResolver } from './social-viewer.js';

const slug = z.string().min(1).max(120);
const tags = ['social profiles'];

export async function friendshipsRoutes(
  app: FastifyInstance,
  { friendships, viewers }: { friendships: FriendshipsService; viewers: ViewerResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/social-profiles/friends/suggested/', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary: 'People you may know: friends of your friends, most mutual friends first',
      response: { 200: z.array(profileSchema), ...errorResponses(401, 404) },
    },
    handler: async (request) => friendships.suggestions(await viewers.required(request)),
  });

  api.get('/api/social-profiles/friends/:slug/', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary: 'A profile, its friends and, on your own profile, the requests waiting for your answer',
      params: z.object({ slug }),
      response: { 200: friendsAnswerSchema, ...errorResponses(401, 404) },
    },
    handler: async (request) => friendships.friendsOf(await viewers.required(request), request.params.slug),
  });

  api.post('/api/social-profiles/friends/:slug/request/', {
    config: { auth: 'required', writeLimit: { action: 'friendRequest', shape: 'detail' } },
    schema: {
      tags,
      summary: 'Send a friend request (once: a second one answers "request already sent")',
      params: z.object({ slug }),
      response: { 200: messageSchema, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (request) => {
      const outcome = await friendships.sendRequest(await viewers.required(request), request.params.slug);
      return { message: outcome === 'created' ? SOCIAL_MESSAGES.requestCreated : SOCIAL_MESSAGES.requestAlreadySent };
    },
  });

  api.post('/api/social-profiles/friends/:slug/:status/', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary: 'Accept or reject the friend request the person with this slug sent you',
      params: z.object({
        slug,
        status: z.enum(FRIENDSHIP_STATUSES, { error: (issue) => `"${String(issue.input)}" is not a valid choice.` }),
      }),
      response: { 200: messageSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => {
      await friendships.answer(await viewers.required(request), request.params.slug, request.params.status);
      return { message: SOCIAL_MESSAGES.requestUpdated };
    },
  });
}
