import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { meKey } from '../../../shared/api/query-keys';
import { adjustPostsCount, prependPost } from './post-cache';
import { postListsKey, trendsKey } from './query-keys';

export interface NewPost {
  body: string;
  isPrivate: boolean;
  images: File[];
  /** Issue 27: a description of each picture (by position), and the warning the post folds behind. */
  alts?: string[];
  contentWarning?: string;
}

/**
 * Contract §5.2: multipart, pictures as `images[0]`, `images[1]`, ...; issue 27: `alt[N]` describes
 * `images[N]`, `content_warning`. Reports upload progress.
 */
export function createPost(post: NewPost, onUploadProgress?: (fraction: number) => void): Promise<Post> {
  const form = new FormData();
  form.append('body', post.body);
  form.append('is_private', post.isPrivate ? 'true' : 'false');
  if (post.contentWarning?.trim()) form.append('content_warning', post.contentWarning.trim());
  post.images.forEach((image, index) => {
    form.append(`images[${index}]`, image);
    const alt = post.alts?.[index]?.trim();
    if (alt) form.append(`alt[${index}]`, alt);
  });
  return apiRequest<Post>('/api/social-posts/create/', { method: 'POST', form, onUploadProgress });
}

export function useCreatePost(onUploadProgress?: (fraction: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (post: NewPost) => createPost(post, onUploadProgress),
    onSuccess: (post) => {
      prependPost(client, post);
      adjustPostsCount(client, post.created_by.slug, 1);
      // Lists not on screen (a trend page, search) are marked stale and load afresh when opened.
      void client.invalidateQueries({ queryKey: postListsKey, refetchType: 'none' });
      void client.invalidateQueries({ queryKey: meKey });
      void client.invalidateQueries({ queryKey: trendsKey });
    },
  });
}
