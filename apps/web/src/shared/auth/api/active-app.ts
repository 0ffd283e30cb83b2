import type { ActiveApp } from '@portal/contracts';
import { apiRequest } from '../../api/api-client';

/**
 * Records on the session which app the person is in (the route guard calls it). A file of its own,
 * without React Query, because the guard runs in the entry chunk.
 */
export function recordActiveApp(app: ActiveApp): Promise<void> {
  return apiRequest<void>('/api/v1/account/active-app/', { method: 'POST', json: { active_app: app } });
}
