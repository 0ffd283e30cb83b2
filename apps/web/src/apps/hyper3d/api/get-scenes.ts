import { useInfiniteQuery } from '@tanstack/react-query';
import type { Hyper3dSceneList } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { useIsLoggedIn } from '../../../shared/auth/auth-store';
import { sceneListKey } from './query-keys';

const PAGE = 20;

export function getScenes(cursor: string | null): Promise<Hyper3dSceneList> {
  return apiRequest<Hyper3dSceneList>('/api/hyper3d/scenes/', { query: { cursor, limit: PAGE } });
}

/** The account's scenes, the most recently saved first, a page at a time. */
export function useScenes() {
  const loggedIn = useIsLoggedIn();
  return useInfiniteQuery({
    queryKey: sceneListKey,
    queryFn: ({ pageParam }) => getScenes(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled: loggedIn,
  });
}
