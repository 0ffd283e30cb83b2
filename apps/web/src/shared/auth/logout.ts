import { apiRequest } from '../api/api-client';
import { useAuthStore } from './auth-store';

/** Ends the session here and on the server (the refresh token is revoked, so it cannot be reused). */
export function logout(): void {
  const refresh = useAuthStore.getState().clear();
  if (refresh) {
    apiRequest('/api/v1/token/revoke/', { method: 'POST', json: { refresh } }).catch((error: unknown) => {
      console.warn('Could not revoke the session on the server:', error);
    });
  }
}
