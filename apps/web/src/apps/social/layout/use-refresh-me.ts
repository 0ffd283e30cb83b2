import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../../shared/api/api-client';
import { accountKey, meKey } from '../../../shared/api/query-keys';
import { getMe } from '../../../shared/auth/api/get-me';
import { useAuthStore, useIsLoggedIn } from '../../../shared/auth/auth-store';

/**
 * On entering the social network, the stored user is refreshed from `/me/`. When the account has
 * no social profile (404) it stays logged in: the layout offers the one-step join (deviation 14).
 */
export function useRefreshMe() {
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  const me = useQuery({ queryKey: meKey, queryFn: getMe, enabled: loggedIn, staleTime: 60_000, retry: false });

  useEffect(() => {
    if (me.data) useAuthStore.getState().setUser(me.data);
  }, [me.data]);

  useEffect(() => {
    if (me.error instanceof ApiError && me.error.status === 404) void queryClient.invalidateQueries({ queryKey: accountKey });
  }, [me.error, queryClient]);
}
