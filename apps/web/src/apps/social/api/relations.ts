import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileListPage } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { nextPageParam } from './fetch-post-page';
import { relationsKey, socialRootKey } from './query-keys';

export type RelationKind = 'block' | 'mute';

/** Issue 27: blocks or mutes someone (`on`), or takes it back. */
export function setRelation(kind: RelationKind, slug: string, on: boolean): Promise<{ message: string }> {
  return apiRequest(`/api/social-profiles/${encodeURIComponent(slug)}/${kind}/`, { method: on ? 'POST' : 'DELETE' });
}

/** After a block or mute, everything social may show someone else: it all loads afresh. */
export function useSetRelation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, slug, on }: { kind: RelationKind; slug: string; on: boolean }) => setRelation(kind, slug, on),
    onSuccess: () => void client.invalidateQueries({ queryKey: socialRootKey }),
  });
}

/** Issue 27: the people the caller blocked or muted, the latest first, a page at a time. */
export function useRelations(kind: RelationKind) {
  return useInfiniteQuery({
    queryKey: relationsKey(kind),
    queryFn: ({ pageParam, signal }) => apiRequest<ProfileListPage>(pageParam, { signal }),
    initialPageParam: `/api/social-profiles/${kind}s/`,
    getNextPageParam: nextPageParam,
  });
}
