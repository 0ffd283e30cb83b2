import { useQuery } from '@tanstack/react-query';
import type { PostDetail } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { postKey } from './query-keys';

export function getPost(id: string): Promise<{ post: PostDetail }> {
  return apiRequest(`/api/social-posts/${encodeURIComponent(id)}/`);
}

export function usePost(id: string) {
  return useQuery({ queryKey: postKey(id), queryFn: () => getPost(id) });
}
