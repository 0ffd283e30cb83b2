import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  mentionSuggestionsQuerySchema,
  messageSchema,
  profileListPageSchema,
  profileSchema,
  SOCIAL_MESSAGES,
} from '@portal/contracts';
import { errorResponses } from '../core/openapi-responses.js';
import { pageQueryShape } from './pagination.js';
import type { FriendshipsService } from './friendships.service.js';
import type { RelationsService } from './relations.service.js';
import type { ViewerResolver } from './social-viewer.js';

const tags = ['social profiles'];
const slugParams = z.object({ slug: z.string().min(1).max(120) });

const ANSWERS = {
  block: { on: SOCIAL_MESSAGES.blocked, off: SOCIAL_MESSAGES.unblocked },
  mute: { on: SOCIAL_MESSAGES.muted, off: SOCIAL_MESSAGES.unmuted },
} as const;

const SUMMARIES = {
  block: {
    on: 'Block someone: your friendship and the friend requests between you end; neither of you sees the other from now on',
    off: 'Unblock someone',
    list: 'The people you blocked, the latest first',
  },
  mute: {
    on: 'Mute someone: their posts, comments and notifications no longer reach you (they are not told)',
    off: 'Unmute someone',
    list: 'The people you muted, the latest first',
  },
} as const;

/** Issue 27: blocking and muting people, the lists of those blocked and muted, and whom to mention. */
export async function relationsRoutes(
  app: FastifyInstance,
  { relations, friendships, viewers }: { relations: RelationsService; friendships: FriendshipsService; viewers: ViewerResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  for (const kind of ['block', 'mute'] as const) {
    api.get(`/api/social-profiles/${kind}s/`, {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: SUMMARIES[kind].list,
        description: 'Pages of `page_size` (20 by default, at most 100); `next` carries a keyset `cursor`.',
        querystring: z.object({ cursor: pageQueryShape.cursor, page_size: pageQueryShape.page_size }),
        response: { 200: profileListPageSchema, ...errorResponses(401, 404) },
      },
      handler: async (request) => relations.list(kind, await viewers.required(request), request.query),
    });

    api.post(`/api/social-profiles/:slug/${kind}/`, {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: SUMMARIES[kind].on,
        params: slugParams,
        response: { 200: messageSchema, ...errorResponses(400, 401, 404) },
      },
      handler: async (request) => {
        const viewer = await viewers.required(request);
        if (kind === 'block') await relations.block(viewer, request.params.slug);
        else await relations.mute(viewer, request.params.slug);
        return { message: ANSWERS[kind].on };
      },
    });

    api.delete(`/api/social-profiles/:slug/${kind}/`, {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: SUMMARIES[kind].off,
        params: slugParams,
        response: { 200: messageSchema, ...errorResponses(400, 401, 404) },
      },
      handler: async (request) => {
        await relations.remove(kind, await viewers.required(request), request.params.slug);
        return { message: ANSWERS[kind].off };
      },
    });
  }

  api.get('/api/social-profiles/mention-suggestions/', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary: 'People to mention as `@` and `q` are typed: slug, username or a name starting with `q`, your friends first',
      querystring: mentionSuggestionsQuerySchema,
      response: { 200: z.array(profileSchema), ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => friendships.mentionSuggestions(await viewers.required(request), request.query.q),
  });
}
