import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { showAlert } from '../../../shared/alerts/alert-store';
import { ApiError } from '../../../shared/api/api-client';
import { getMe, meKey } from '../../../shared/auth/api/get-me';
import { useAuthStore, useIsLoggedIn } from '../../../shared/auth/auth-store';
import { logout } from '../../../shared/auth/logout';

/**
 * On entering the social network, the stored user is refreshed from `/me/`. When the account
 * has no social profile (404), spec §8: log out, go to the social login, show the server message.
 */
export function useRefreshMe() {
  const loggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const me = useQuery({ queryKey: meKey, queryFn: getMe, enabled: loggedIn, staleTime: 60_000, retry: false });

  useEffect(() => {
    if (me.data) useAuthStore.getState().setUser(me.data);
  }, [me.data]);

  useEffect(() => {
    if (me.error instanceof ApiError && me.error.status === 404) {
      logout();
      showAlert(me.error.messages, 'error');
      navigate('/social/login');
    }
  }, [me.error, navigate]);
}
