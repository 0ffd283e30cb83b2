import { apiRequest } from '../../../shared/api/api-client';

export function deleteScene(id: string): Promise<void> {
  return apiRequest(`/api/hyper3d/scenes/${encodeURIComponent(id)}/`, { method: 'DELETE' });
}
