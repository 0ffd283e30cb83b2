import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { updateListedPost, updatePostDetail } from './post-cache';
import { bookmarksKey } from './query-keys';

export function bookmarkPost(id: string, bookmarked: boolean): Promise<{ message: string }> {
  return apiRequest(`/api/social-posts/${encodeURIComponent(id)}/bookmark/`, { method: bookmarked ? 'POST' : 'DELETE' });
}

/** Issue 27: keeps a post for later, or lets it go; every list showing the post follows. */
export function useToggleBookmark() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, bookmarked }: { id: string; bookmarked: boolean }) => bookmarkPost(id, bookmarked),
    onSuccess: (_answer, { id, bookmarked }) => {
      updateListedPost(client, id, (post) => ({ ...post, bookmarked }));
      updatePostDetail(client, id, (post) => ({ ...post, bookmarked }));
      void client.invalidateQueries({ queryKey: bookmarksKey });
    },
  });
}
