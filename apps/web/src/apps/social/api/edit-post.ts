import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post, PostEditRequest } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { updateListedPost, updatePostDetail } from './post-cache';
import { postHistoryKey, postListsKey, trendsKey } from './query-keys';

export function editPost(id: string, changes: PostEditRequest): Promise<Post> {
  return apiRequest<Post>(`/api/social-posts/${encodeURIComponent(id)}/`, { method: 'PATCH', json: changes });
}

/** Issue 27: the author edits a post; every list and the post's page show the new version at once. */
export function useEditPost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: PostEditRequest }) => editPost(id, changes),
    onSuccess: (post) => {
      const { is_private: _private, ...shown } = post;
      updateListedPost(client, post.id, (old) => ({ ...old, ...shown }));
      updatePostDetail(client, post.id, (old) => ({ ...old, ...shown }));
      void client.invalidateQueries({ queryKey: postHistoryKey(post.id) });
      // Its tags may have changed: trend pages and the trends load afresh when opened.
      void client.invalidateQueries({ queryKey: postListsKey, refetchType: 'none' });
      void client.invalidateQueries({ queryKey: trendsKey });
    },
  });
}
