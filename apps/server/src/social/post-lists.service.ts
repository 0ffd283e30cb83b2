import { isHashtag, normalizeHashtag, type FeedPage, type Post, type ProfilePostsPage, type SearchPage } from '@portal/contracts';
import type { Deps } from '../core/deps.js';
import { NotFound } from '../core/domain-errors.js';
import { publicOrigin } from '../core/request-origin.js';
import { createBookmarksRepository, type BookmarkRow } from './bookmarks.repository.js';
import { createFriendshipsRepository, type ProfileDetailRow, type ProfileForViewer } from './friendships.repository.js';
import { canSendRequestGiven } from './friendships.service.js';
import { createHashtagsRepository } from './hashtags.repository.js';
import { pageLinks, pageOf, readPage, type PageOf, type PageRequest } from './pagination.js';
import { serializePost } from './post.serializer.js';
import { createPostsRepository, type AuthorAudience, type FeedScope, type PostWithAuthor } from './posts.repository.js';
import { createProfilePostsRepository } from './profile-posts.repository.js';
import { serializeProfile, serializeProfileDetail } from './profile.serializer.js';
import { createProfilesRepository, type ProfileRow } from './profiles.repository.js';
import { createSearchRepository } from './search.repository.js';

const PEOPLE_IN_SEARCH = 50;

/** Which of a person's posts a reader sees, and how many: all (the person), not hidden (friends), public (others). */
function audienceOf(viewer: ProfileRow | null, profile: ProfileForViewer): { sees: AuthorAudience; count: number } {
  if (viewer?.id === profile.id) return { sees: 'all', count: profile.postsCount };
  if (profile.isFriend) return { sees: 'not-hidden', count: profile.visiblePostsCount };
  return { sees: 'public', count: profile.publicPostsCount };
}
const empty = async () => [] as PostWithAuthor[];

/** The paginated post lists of contract §5.1, §5.4 and §5.7. A page is a fixed number of statements. */
export function createPostListsService({
  db,
  media,
  config,
  expensiveReads,
}: Pick<Deps, 'db' | 'media' | 'config' | 'expensiveReads'>) {
  const postsRepo = createPostsRepository(db);
  const hashtagsRepo = createHashtagsRepository(db);
  const friendships = createFriendshipsRepository(db);
  const profilePosts = createProfilePostsRepository(db);
  const bookmarks = createBookmarksRepository(db);

  /** Serializers never query: each row carries its author and pictures. */
  function serializePage(page: PageOf<PostWithAuthor>): Post[] {
    const now = new Date();
    return page.rows.map((row) => serializePost(row, row.attachments, media, now));
  }

  const links = (path: string, params: Record<string, string | undefined>, page: PageOf<unknown>) =>
    pageLinks(publicOrigin(config.publicUrl), path, params, page);

  return {
    /**
     * Your posts and your friends' (anonymous: all public posts), or (`scope` public, issue 27) every
     * public post; with `trend`, public posts with that tag. Never anyone either blocked or you muted.
     */
    async feed(
      viewer: ProfileRow | null,
      trend: string | undefined,
      request: PageRequest,
      pageSize?: string,
      scope?: FeedScope,
    ): Promise<FeedPage> {
      let page: PageOf<PostWithAuthor>;
      const tag = trend === undefined || trend.trim() === '' ? undefined : normalizeHashtag(trend.trim());
      if (tag !== undefined) {
        const found = isHashtag(tag) ? await hashtagsRepo.find(tag) : undefined;
        page = found
          ? await readPage(
              request,
              async () => found.publicPostsCount,
              (window) => hashtagsRepo.trendPage(found.id, viewer?.id ?? null, window),
            )
          : await readPage(request, async () => 0, empty);
      } else {
        const viewerId = viewer?.id ?? null;
        // The count comes with the rows: the session check and one statement.
        page = await readPage(
          request,
          () => postsRepo.feedCount(viewerId, scope),
          (window) => postsRepo.feedPage(viewerId, window, scope),
          (rows) => rows[0]?.total ?? undefined,
        );
      }
      return {
        count: page.count,
        ...links('/api/social-posts/', { trend: tag, page_size: pageSize, scope: tag === undefined ? scope : undefined }, page),
        results: { posts: serializePage(page) },
      };
    },

    /** Issue 27: the viewer's bookmarks, the latest bookmark first, paginated as the feed is. */
    async bookmarks(viewer: ProfileRow, request: PageRequest, pageSize?: string): Promise<FeedPage> {
      const page = await readPage<BookmarkRow>(
        request,
        () => bookmarks.count(viewer.id),
        (window) => bookmarks.page(viewer.id, window),
        undefined,
        (row) => ({ createdAt: row.bookmarkedAt, id: row.id }),
      );
      return {
        count: page.count,
        ...links('/api/social-posts/bookmarks/', { page_size: pageSize }, page),
        results: { posts: serializePage(page) },
      };
    },

    /** A person's posts: all of them for the person, not hidden ones for friends, public ones for others. */
    async profilePosts(
      viewer: ProfileRow | null,
      slug: string,
      request: PageRequest,
      pageSize?: string,
    ): Promise<ProfilePostsPage> {
      const viewerId = viewer?.id ?? null;
      let profile: ProfileDetailRow | undefined;
      let page: PageOf<PostWithAuthor>;
      if (request.page !== 'last') {
        // The profile, the reader's relation to it and the page in one statement: with the session check, two.
        const { page: number, cursor } = request;
        const read = await profilePosts.profileWithPage(slug, viewerId, {
          limit: request.size + 1,
          offset: cursor ? 0 : (number - 1) * request.size,
          cursor,
        });
        if (!read) throw new NotFound();
        profile = read.profile;
        page = pageOf(request, read.posts, number, cursor, audienceOf(viewer, profile).count);
      } else {
        // The last page needs the count first: the profile with the relation, then the page.
        profile = await friendships.profileForViewer(slug, viewerId);
        if (!profile) throw new NotFound();
        const audience = audienceOf(viewer, profile);
        const authorId = profile.id;
        page = await readPage(
          request,
          async () => audience.count,
          (window) => postsRepo.authorPage(authorId, audience.sees, viewerId, window),
        );
      }
      return {
        count: page.count,
        ...links(`/api/social-posts/profile/${encodeURIComponent(profile.slug)}/`, { page_size: pageSize }, page),
        results: {
          posts: serializePage(page),
          profile: serializeProfileDetail(profile, media),
          can_send_friendship_request: canSendRequestGiven(viewer, profile, profile.isFriend, profile.requestStatuses),
        },
      };
    },

    /**
     * People by name or username (not paginated), and visible posts by full text, best first: an
     * expensive read (issue 24), counted up to the cap (`count_capped` says when more matched).
     */
    search(viewer: ProfileRow | null, query: string, request: PageRequest, pageSize?: string): Promise<SearchPage> {
      const viewerId = viewer?.id ?? null;
      return expensiveReads.run(async (reader) => {
        const search = createSearchRepository(reader);
        let number = request.page;
        if (number === 'last') {
          const { total } = await search.posts(query, viewerId, { limit: 0, offset: 0 });
          number = Math.max(1, Math.ceil(total / request.size));
        }
        const found = await search.posts(query, viewerId, { limit: request.size + 1, offset: (number - 1) * request.size });
        const page = pageOf(request, found.posts, number, null, found.total);
        const people = await createProfilesRepository(reader).search(query, PEOPLE_IN_SEARCH, viewerId);
        return {
          count: page.count,
          count_capped: found.capped,
          ...links('/api/social-posts/search/', { query, page_size: pageSize }, { ...page, nextCursor: null }),
          results: { posts: serializePage(page), profiles: people.map((row) => serializeProfile(row, media)) },
        };
      });
    },
  };
}

export type PostListsService = ReturnType<typeof createPostListsService>;
