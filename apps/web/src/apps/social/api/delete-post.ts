import { apiRequest } from '../../../shared/api/api-client';

/** Contract §5.10; the web app sends it once the undo window has passed (see pending-delete.ts). */
export function deletePost(id: string): Promise<{ message: string }> {
  return apiRequest(`/api/social-posts/${encodeURIComponent(id)}/delete/`, { method: 'DELETE' });
}
