import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { updateListedPost, updatePostDetail } from './post-cache';

export function commentPost(id: string, body: string): Promise<Comment> {
  return apiRequest(`/api/social-posts/${encodeURIComponent(id)}/comment/`, { method: 'POST', json: { body } });
}

/** Comments written on this page: they show at once, before the comments between are loaded (`commentsCursor`). */
export const postedHere = new Set<string>();

/** Contract §5.5: the new comment joins the post page, and the count moves everywhere. */
export function useCommentPost(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => commentPost(id, body),
    onSuccess: (comment) => {
      postedHere.add(comment.id);
      updatePostDetail(client, id, (post) => ({
        ...post,
        comments: [...post.comments, comment],
        comments_count: post.comments_count + 1,
      }));
      updateListedPost(client, id, (post) => ({ ...post, comments_count: post.comments_count + 1 }));
    },
  });
}
