import { useInfiniteQuery } from '@tanstack/react-query';
import type { ProfilePostsPage } from '@portal/contracts';
import { fetchPostPage, nextPageParam } from './fetch-post-page';
import { profilePostsKey } from './query-keys';

/** Contract §5.4: a person's posts, their profile and whether you may send them a friend request. */
export function useProfilePosts(slug: string) {
  return useInfiniteQuery({
    queryKey: profilePostsKey(slug),
    queryFn: ({ pageParam, signal }) => fetchPostPage<ProfilePostsPage>(pageParam, signal),
    initialPageParam: `/api/social-posts/profile/${encodeURIComponent(slug)}/`,
    getNextPageParam: nextPageParam,
  });
}
