import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post } from '@portal/contracts';
import { showAlert, showErrorAlert } from '../../../shared/alerts/alert-store';
import { apiRequest } from '../../../shared/api/api-client';
import { meKey } from '../../../shared/auth/api/get-me';
import { adjustPostsCount, postListsKey, updateListedPost } from './post-cache';
import { trendsKey } from './get-trends';

export function deletePost(id: string): Promise<{ message: string }> {
  return apiRequest(`/api/social-posts/${encodeURIComponent(id)}/delete/`, { method: 'DELETE' });
}

/** Spec §4: the post leaves every list at once and its author's posts_count drops. */
export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (post: Pick<Post, 'id' | 'created_by'>) => deletePost(post.id),
    onMutate: (post) => {
      updateListedPost(client, post.id, () => null);
      adjustPostsCount(client, post.created_by.slug, -1);
    },
    onSuccess: () => showAlert('The post was deleted', 'success'),
    onError: (error) => showErrorAlert(error),
    onSettled: (_answer, error, post) => {
      client.removeQueries({ queryKey: ['social', 'post', post.id] });
      // The lists on screen already lost the post; they are re-read when next opened, or at once
      // when the delete failed and the post must come back.
      void client.invalidateQueries({ queryKey: postListsKey, refetchType: error ? 'active' : 'none' });
      void client.invalidateQueries({ queryKey: meKey });
      void client.invalidateQueries({ queryKey: trendsKey });
    },
  });
}
