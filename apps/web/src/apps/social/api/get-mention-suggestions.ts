import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Profile } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { mentionSuggestionsKey } from './query-keys';

/** Issue 27: whom to offer as `@` and `query` are typed (null: not typing a mention). */
export function useMentionSuggestions(query: string | null) {
  return useQuery({
    queryKey: mentionSuggestionsKey(query ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<Profile[]>('/api/social-profiles/mention-suggestions/', { query: { q: query ?? '' }, signal }),
    enabled: query !== null,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
