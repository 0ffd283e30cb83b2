import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountRequest } from '@portal/contracts';
import { apiRequest, whileLeaving } from '../../api/api-client';
import { useAuthStore } from '../auth-store';

/** Issue 26: deletes the logged-in account (its password confirms); the server ends every session. */
export function deleteAccount(request: DeleteAccountRequest): Promise<null> {
  // The server closes this person's sockets as it deletes, often before its answer arrives: those
  // refusals must not send them to the login as an ended session. The sessions are gone on the
  // server: they are forgotten here at once, without a revoke call.
  return whileLeaving(async () => {
    const deleted = await apiRequest<null>('/api/v1/account/', { method: 'DELETE', json: request });
    useAuthStore.getState().clear();
    return deleted;
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: deleteAccount,
  });
}
