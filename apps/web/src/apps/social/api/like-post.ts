import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { updateListedPost, updatePostDetail } from './post-cache';

export function likePost(id: string): Promise<{ message: string }> {
  return apiRequest(`/api/social-posts/${encodeURIComponent(id)}/like/`, { method: 'POST' });
}

/** Contract §5.6: the count goes up only on "like created" (a second like changes nothing). */
export function useLikePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: likePost,
    onSuccess: ({ message }, id) => {
      if (message !== 'like created') return;
      updateListedPost(client, id, (post) => ({ ...post, likes_count: post.likes_count + 1 }));
      updatePostDetail(client, id, (post) => ({ ...post, likes_count: post.likes_count + 1 }));
    },
  });
}
