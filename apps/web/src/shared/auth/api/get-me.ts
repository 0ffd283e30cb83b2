import type { ProfileDetail } from '@portal/contracts';
import { apiRequest } from '../../api/api-client';

/** The caller's social profile, with the bio and header picture (issue 27). */
export function getMe(): Promise<ProfileDetail> {
  return apiRequest<ProfileDetail>('/api/social-profiles/me/');
}
