import type { Profile } from '@portal/contracts';
import { apiRequest } from '../../api/api-client';

export function getMe(): Promise<Profile> {
  return apiRequest<Profile>('/api/social-profiles/me/');
}
