import type { Hyper3dShare } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** Shares a scene read-only: answers its link (the same one while it stays shared). */
export function shareScene(id: string): Promise<Hyper3dShare> {
  return apiRequest<Hyper3dShare>(`/api/hyper3d/scenes/${encodeURIComponent(id)}/share/`, { method: 'POST' });
}

/** Stops sharing: the link opens nothing from now on. */
export function unshareScene(id: string): Promise<void> {
  return apiRequest(`/api/hyper3d/scenes/${encodeURIComponent(id)}/share/`, { method: 'DELETE' });
}
