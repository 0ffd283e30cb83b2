import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountRequest } from '@portal/contracts';
import { apiRequest } from '../../api/api-client';
import { useAuthStore } from '../auth-store';

/** Issue 26: deletes the logged-in account (its password confirms); the server ends every session. */
export function deleteAccount(request: DeleteAccountRequest): Promise<null> {
  return apiRequest<null>('/api/v1/account/', { method: 'DELETE', json: request });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: deleteAccount,
    // The sessions are gone on the server: forget them here without a revoke call.
    onSuccess: () => void useAuthStore.getState().clear(),
  });
}
