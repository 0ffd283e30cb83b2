import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commentListSchema,
  commentPageQuerySchema,
  feedPageSchema,
  messageSchema,
  postDetailAnswerSchema,
  postDetailQuerySchema,
  postEditRequestSchema,
  postHistorySchema,
  postSchema,
  profilePostsPageSchema,
  SOCIAL_MESSAGES,
} from '@portal/contracts';
import { errorResponses } from '../core/openapi-responses.js';
import { readForm } from './form-parts.js';
import { uuidParam } from '../core/ids.js';
import { pageQueryShape, parsePageRequest } from './pagination.js';
import type { PostListsService } from './post-lists.service.js';
import { POST_FORM_LIMITS } from './post-images.js';
import type { PostsService } from './posts.service.js';
import type { PostEditsService } from './post-edits.service.js';
import { postWriteShape } from './post-write-shape.js';
import type { ViewerResolver } from './social-viewer.js';

const tags = ['social posts'];
/** Anonymous post lists are kept until the network changes, and at most 15 s (their times read "n minutes ago"). */
export const SOCIAL_CACHE = { scope: 'social', ttlMs: 15_000 } as const;
/**
 * The same for a signed-in person's own feed and profile pages (issue 24): what a friend sees
 * differs from what a stranger sees, so each account keeps its own answer, dropped as the public ones.
 */
export const SOCIAL_VIEWER_CACHE = { ...SOCIAL_CACHE, perViewer: true } as const;
const idParams = z.object({ id: z.string().max(64) });
/** Issue 27: `following` (your posts and your friends', the default) or `public` (every public post). */
const feedScopeField = z.preprocess(
  (value) => (Array.isArray(value) ? value.at(-1) : value),
  z.enum(['following', 'public'], { error: 'Must be "following" or "public".' }).optional(),
);
/** Comments in one page when the caller names no `page_size`. */
const COMMENTS_PAGE_DEFAULT = 20;

export interface PostRoutesOptions {
  posts: PostsService;
  postEdits: PostEditsService;
  lists: PostListsService;
  viewers: ViewerResolver;
}

export async function postsRoutes(app: FastifyInstance, { posts, postEdits, lists, viewers }: PostRoutesOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/social-posts/', {
    config: { publicCache: SOCIAL_VIEWER_CACHE },
    schema: {
      tags,
      summary:
        "The feed: your posts and your friends' (anonymous: every public post); `scope=public`: every public post; with `trend`, public posts with that hashtag",
      description:
        'Newest first. `page_size` defaults to 10 (at most 100). Follow `next`: it carries a keyset `cursor`, so deep pages ' +
        'cost what the first does; a bare `page=N` works too. Signed in, nobody you blocked, who blocked you or you muted ' +
        'shows, whatever the scope (`following`, the default, or `public`).',
      querystring: z.object({ ...pageQueryShape, trend: pageQueryShape.cursor, scope: feedScopeField }),
      response: { 200: feedPageSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => {
      const { trend, page_size, scope } = request.query;
      return lists.feed(await viewers.optional(request), trend, parsePageRequest(request.query), page_size, scope);
    },
  });

  api.get('/api/social-posts/bookmarks/', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary: 'Your bookmarks: the posts you kept (and may still see), the latest bookmark first, paginated as the feed',
      querystring: z.object(pageQueryShape),
      response: { 200: feedPageSchema, ...errorResponses(401, 404) },
    },
    handler: async (request) =>
      lists.bookmarks(await viewers.required(request), parsePageRequest(request.query), request.query.page_size),
  });

  api.post('/api/social-posts/create/', {
    config: { writeLimit: { action: 'post', shape: 'error' }, errorShape: postWriteShape },
    preValidation: async (request) => void (await viewers.required(request)),
    schema: {
      tags,
      summary: 'Write a post (multipart: `body`, `is_private`, pictures as `images[0]`, `images[1]`, ...)',
      description:
        'Up to 10 pictures, JPEG, PNG, WebP or GIF (recognised by content), 10 MB and 40 megapixels each; every picture is ' +
        're-encoded without metadata, at most 2048 px, with a thumbnail. Errors answer `{"error": "..."}`.',
      response: { 200: postSchema, ...errorResponses(400, 401, 404, 413) },
    },
    handler: async (request) => {
      const viewer = await viewers.required(request);
      const form = await readForm(request, POST_FORM_LIMITS);
      return posts.create(viewer, form);
    },
  });

  api.get('/api/social-posts/profile/:slug/', {
    config: { publicCache: SOCIAL_VIEWER_CACHE },
    schema: {
      tags,
      summary:
        "A person's posts (private ones for the person and their friends), their profile, and whether you may befriend them",
      params: z.object({ slug: z.string().max(120) }),
      querystring: z.object(pageQueryShape),
      response: { 200: profilePostsPageSchema, ...errorResponses(401, 404) },
    },
    handler: async (request) =>
      lists.profilePosts(
        await viewers.optional(request),
        request.params.slug,
        parsePageRequest(request.query),
        request.query.page_size,
      ),
  });

  api.get('/api/social-posts/:id/', {
    config: { publicCache: SOCIAL_CACHE },
    schema: {
      tags,
      summary: 'One post with its comments (oldest first; the first comments_page_size of them when given), if you may see it',
      params: idParams,
      querystring: postDetailQuerySchema,
      response: { 200: postDetailAnswerSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => ({
      post: await posts.detail(await viewers.optional(request), uuidParam(request.params.id), request.query.comments_page_size),
    }),
  });

  api.get('/api/social-posts/:id/comments/', {
    config: { publicCache: SOCIAL_CACHE },
    schema: {
      tags,
      summary: "A page of a post's comments, oldest first, after the comment `after`, if you may see the post",
      params: idParams,
      querystring: commentPageQuerySchema,
      response: { 200: commentListSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) =>
      posts.comments(await viewers.optional(request), uuidParam(request.params.id), {
        size: request.query.page_size ?? COMMENTS_PAGE_DEFAULT,
        after: request.query.after,
      }),
  });

  api.patch('/api/social-posts/:id/', {
    config: { auth: 'required', writeLimit: { action: 'post', shape: 'detail' } },
    preValidation: async (request) => void (await viewers.required(request)),
    schema: {
      tags,
      summary: 'Edit your post: `body`, `content_warning`, and `alt` (descriptions by picture id); others get 403',
      description:
        'JSON. Keys left out stay as they were; `body` or `content_warning` null or blank clear them (a post keeps text or a ' +
        'picture). Hashtags, mentions and search follow the new text; people it newly mentions are told. The answer is the ' +
        'post with its `edited_at`; `GET .../history/` lists its versions.',
      params: idParams,
      body: postEditRequestSchema,
      response: { 200: postSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => postEdits.edit(await viewers.required(request), uuidParam(request.params.id), request.body),
  });

  api.get('/api/social-posts/:id/history/', {
    config: { publicCache: SOCIAL_CACHE },
    schema: {
      tags,
      summary: "A post's versions, newest (the current one) first, for whoever may see the post",
      querystring: z.object(pageQueryShape),
      params: idParams,
      response: { 200: postHistorySchema, ...errorResponses(401, 404) },
    },
    handler: async (request) =>
      postEdits.history(
        await viewers.optional(request),
        uuidParam(request.params.id),
        parsePageRequest(request.query),
        request.query.page_size,
      ),
  });

  api.delete('/api/social-posts/:id/delete/', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary: 'Delete your own post and its pictures',
      params: idParams,
      response: { 200: messageSchema, ...errorResponses(401, 404) },
    },
    handler: async (request) => {
      await posts.remove(await viewers.required(request), uuidParam(request.params.id));
      return { message: SOCIAL_MESSAGES.deleted };
    },
  });
}
