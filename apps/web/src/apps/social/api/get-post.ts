import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Comment, PostDetail } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { postedHere } from './comment-post';
import { updatePostDetail } from './post-cache';
import { postKey } from './query-keys';

/** Comments the post page shows at first, and adds with each "Show more comments" (issue 24). */
export const COMMENTS_PAGE_SIZE = 20;

/** Contract §5.3 with the first page of its comments. */
export function getPost(id: string): Promise<{ post: PostDetail }> {
  return apiRequest(`/api/social-posts/${encodeURIComponent(id)}/`, { query: { comments_page_size: COMMENTS_PAGE_SIZE } });
}

export function usePost(id: string) {
  return useQuery({ queryKey: postKey(id), queryFn: () => getPost(id) });
}

/** The comments after the comment `after`, oldest first. */
export function getComments(id: string, after: string): Promise<Comment[]> {
  return apiRequest(`/api/social-posts/${encodeURIComponent(id)}/comments/`, {
    query: { after, page_size: COMMENTS_PAGE_SIZE },
  });
}

/**
 * Where the next page starts: the last comment that came from the server in order (one written on
 * this page joins at the end before the ones in between are loaded).
 */
export function commentsCursor(comments: Comment[]): string | undefined {
  return comments.findLast((comment) => !postedHere.has(comment.id))?.id;
}

/** Comments together, each once, oldest first. */
export function mergeComments(shown: Comment[], more: Comment[]): Comment[] {
  const byId = new Map([...shown, ...more].map((comment) => [comment.id, comment]));
  return [...byId.values()].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

/** "Show more comments": the next page, added to the post's. */
export function useMoreComments(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (after: string) => getComments(id, after),
    onSuccess: (more) => updatePostDetail(client, id, (post) => ({ ...post, comments: mergeComments(post.comments, more) })),
  });
}
