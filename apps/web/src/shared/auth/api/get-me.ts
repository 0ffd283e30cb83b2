import type { Profile } from '@portal/contracts';
import { apiRequest } from '../../api/api-client';

export const meKey = ['social', 'me'] as const;

export function getMe(): Promise<Profile> {
  return apiRequest<Profile>('/api/social-profiles/me/');
}
