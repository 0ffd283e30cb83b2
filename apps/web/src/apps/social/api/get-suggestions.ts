import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { suggestionsKey } from './query-keys';

/** Contract §4.6, asked only when logged in. */
export function useSuggestions(enabled: boolean) {
  return useQuery({
    queryKey: suggestionsKey,
    queryFn: () => apiRequest<Profile[]>('/api/social-profiles/friends/suggested/'),
    enabled,
  });
}
