import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Post, PostDetail } from '@portal/contracts';
import { feedKey, friendsKey, postKey, postListsKey, profilePostsKey } from './query-keys';

type PostPage = { count: number; results: { posts: Post[]; profile?: { slug: string; posts_count: number } } };
type PostLists = InfiniteData<PostPage, string>;

function mapPages(data: PostLists | undefined, map: (page: PostPage, index: number) => PostPage): PostLists | undefined {
  return data && { ...data, pages: data.pages.map(map) };
}

/** Changes (or, returning null, removes) a post wherever it is listed, and on its own page. */
export function updateListedPost(client: QueryClient, id: string, change: (post: Post) => Post | null) {
  client.setQueriesData<PostLists>({ queryKey: postListsKey }, (data) =>
    mapPages(data, (page) => {
      if (!page.results.posts.some((post) => post.id === id)) return page;
      const posts = page.results.posts.flatMap((post) => {
        if (post.id !== id) return [post];
        const changed = change(post);
        return changed ? [changed] : [];
      });
      return { ...page, count: page.count - (page.results.posts.length - posts.length), results: { ...page.results, posts } };
    }),
  );
}

export function updatePostDetail(client: QueryClient, id: string, change: (post: PostDetail) => PostDetail) {
  client.setQueryData<{ post: PostDetail }>(postKey(id), (data) => data && { post: change(data.post) });
}

/** Spec §4: a new post goes to the top of the lists it belongs to (the feed, everyone's when public, and its author's page). */
export function prependPost(client: QueryClient, post: Post) {
  const targets = [feedKey(), profilePostsKey(post.created_by.slug), ...(post.is_private ? [] : [feedKey(null, 'public')])];
  for (const queryKey of targets) {
    client.setQueryData<PostLists>(queryKey, (data) =>
      mapPages(data, (page, index) =>
        index === 0
          ? { ...page, count: page.count + 1, results: { ...page.results, posts: [post, ...page.results.posts] } }
          : page,
      ),
    );
  }
}

/** Spec §4: a person's posts_count moves with their posts, on their profile and friends pages. */
export function adjustPostsCount(client: QueryClient, slug: string, delta: number) {
  client.setQueryData<PostLists>(profilePostsKey(slug), (data) =>
    mapPages(data, (page) =>
      page.results.profile
        ? {
            ...page,
            results: {
              ...page.results,
              profile: { ...page.results.profile, posts_count: page.results.profile.posts_count + delta },
            },
          }
        : page,
    ),
  );
  client.setQueryData<{ user: { posts_count: number } }>(
    friendsKey(slug),
    (data) => data && { ...data, user: { ...data.user, posts_count: data.user.posts_count + delta } },
  );
}
