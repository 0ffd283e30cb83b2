import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SOCIAL_MESSAGES, type Post, type PostDetail } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { updateListedPost, updatePostDetail } from './post-cache';

export function likePost(id: string): Promise<{ message: string }> {
  return apiRequest(`/api/social-posts/${encodeURIComponent(id)}/like/`, { method: 'POST' });
}

export function unlikePost(id: string): Promise<{ message: string }> {
  return apiRequest(`/api/social-posts/${encodeURIComponent(id)}/like/`, { method: 'DELETE' });
}

/**
 * What an answer of the like endpoint means for a post: the server says whether the like is there
 * now, and the count moves only when the answer says it changed ("like created" / "like removed").
 */
export function applyLikeAnswer<T extends Post | PostDetail>(post: T, message: string): T {
  switch (message) {
    case SOCIAL_MESSAGES.likeCreated:
      return { ...post, liked: true, likes_count: post.likes_count + 1 };
    case SOCIAL_MESSAGES.alreadyLiked:
      return { ...post, liked: true };
    case SOCIAL_MESSAGES.likeRemoved:
      return { ...post, liked: false, likes_count: Math.max(0, post.likes_count - 1) };
    case SOCIAL_MESSAGES.notLiked:
      return { ...post, liked: false };
    default:
      return post;
  }
}

/** Contract §5.6 and its DELETE: a second press takes the like back. */
export function useToggleLike() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, liked }: { id: string; liked: boolean }) => (liked ? unlikePost(id) : likePost(id)),
    onSuccess: ({ message }, { id }) => {
      updateListedPost(client, id, (post) => applyLikeAnswer(post, message));
      updatePostDetail(client, id, (post) => applyLikeAnswer(post, message));
    },
  });
}
