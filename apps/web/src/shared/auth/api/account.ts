import { useQuery } from '@tanstack/react-query';
import type { Account, JoinAppRequest } from '@portal/contracts';
import { apiRequest } from '../../api/api-client';
import { accountSessionKey } from '../../api/query-keys';
import { useAuthStore } from '../auth-store';

export function getAccount(): Promise<Account> {
  return apiRequest<Account>('/api/v1/account/');
}

/** The logged-in account behind every app: which app profiles it has. */
export function useAccount() {
  // Keyed by the login session, so a new login never shows the previous person's account.
  const session = useAuthStore((state) => (state.access ? state.refresh : null));
  return useQuery({
    queryKey: accountSessionKey(session),
    queryFn: getAccount,
    enabled: session !== null,
    staleTime: 60_000,
    retry: false,
  });
}

export function joinApp(request: JoinAppRequest): Promise<{ detail: string }> {
  return apiRequest('/api/v1/account/profiles/', { method: 'POST', json: request });
}

export { recordActiveApp } from './active-app';
