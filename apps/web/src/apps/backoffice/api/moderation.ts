import { apiRequest } from '../../../shared/api/api-client';
import { useBoMutation } from './use-bo-mutation';

export type PostAction = 'hide' | 'restore' | 'dismiss';

/** `POST /api/backoffice/posts/{id}/{hide|restore|dismiss}/`. */
export const usePostAction = () =>
  useBoMutation(
    ({ postId, action }: { postId: string; action: PostAction }) =>
      apiRequest<unknown>(`/api/backoffice/posts/${encodeURIComponent(postId)}/${action}/`, { method: 'POST', json: {} }),
    ['reports'],
  );
