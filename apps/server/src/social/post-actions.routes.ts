import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commentRequestSchema, commentSchema, messageSchema, reportRequestSchema, SOCIAL_MESSAGES } from '@portal/contracts';
import { errorResponses } from '../core/openapi-responses.js';
import { uuidParam } from '../core/ids.js';
import type { PostsService } from './posts.service.js';
import type { PostEditsService } from './post-edits.service.js';
import { postWriteShape } from './post-write-shape.js';
import type { ViewerResolver } from './social-viewer.js';

const tags = ['social posts'];
const idParams = z.object({ id: z.string().max(64) });

export async function postActionsRoutes(
  app: FastifyInstance,
  { posts, postEdits, viewers }: { posts: PostsService; postEdits: PostEditsService; viewers: ViewerResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Contract §5.5 and §5.6: an anonymous caller hears `{"error": "Authentication required"}`, before any input check.
  const callerFirst = async (request: Parameters<ViewerResolver['required']>[0]) => void (await viewers.required(request));

  api.post('/api/social-posts/:id/comment/', {
    config: { writeLimit: { action: 'comment', shape: 'error' }, errorShape: postWriteShape },
    preValidation: callerFirst,
    schema: {
      tags,
      summary: 'Comment on a post you may see; its author is notified',
      params: idParams,
      body: commentRequestSchema,
      response: { 200: commentSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => posts.comment(await viewers.required(request), uuidParam(request.params.id), request.body.body),
  });

  api.post('/api/social-posts/:id/like/', {
    config: { writeLimit: { action: 'like', shape: 'error' }, errorShape: postWriteShape },
    preValidation: callerFirst,
    schema: {
      tags,
      summary: 'Like a post, once ("post already liked" afterwards)',
      params: idParams,
      response: { 200: messageSchema, ...errorResponses(401, 404) },
    },
    handler: async (request) => {
      const outcome = await posts.like(await viewers.required(request), uuidParam(request.params.id));
      return { message: outcome === 'created' ? SOCIAL_MESSAGES.likeCreated : SOCIAL_MESSAGES.alreadyLiked };
    },
  });

  api.delete('/api/social-posts/:id/like/', {
    config: { errorShape: postWriteShape },
    preValidation: callerFirst,
    schema: {
      tags,
      summary: 'Take your like back ("like removed"; "post not liked" when there was none, and nothing changes)',
      params: idParams,
      response: { 200: messageSchema, ...errorResponses(401, 404) },
    },
    handler: async (request) => {
      const outcome = await posts.unlike(await viewers.required(request), uuidParam(request.params.id));
      return { message: outcome === 'removed' ? SOCIAL_MESSAGES.likeRemoved : SOCIAL_MESSAGES.notLiked };
    },
  });

  // Issue 27: bookmarks are the caller's own: idempotent both ways, for posts the caller may see.
  for (const method of ['post', 'delete'] as const) {
    api[method]('/api/social-posts/:id/bookmark/', {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: method === 'post' ? 'Bookmark a post you may see (once)' : 'Take a bookmark back',
        params: idParams,
        response: { 200: messageSchema, ...errorResponses(401, 404) },
      },
      handler: async (request) => {
        const viewer = await viewers.required(request);
        const id = uuidParam(request.params.id);
        if (method === 'post') await postEdits.bookmark(viewer, id);
        else await postEdits.unbookmark(viewer, id);
        return { message: method === 'post' ? SOCIAL_MESSAGES.bookmarked : SOCIAL_MESSAGES.unbookmarked };
      },
    });
  }

  api.post('/api/social-posts/:id/report/', {
    config: { auth: 'required', writeLimit: { action: 'report', shape: 'detail' } },
    schema: {
      tags,
      summary:
        "Report someone else's post, once, optionally saying why (`reason`, shown to moderators); enough distinct reports hide it from everyone but its author",
      params: idParams,
      body: reportRequestSchema,
      response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      await posts.report(await viewers.required(request), uuidParam(request.params.id), request.body?.reason ?? '');
      return { message: SOCIAL_MESSAGES.reported };
    },
  });
}
