import type { ActiveApp, PasswordResetConfirm } from '@portal/contracts';
import { apiRequest } from '../../api/api-client';

/** Issue 14: mails a reset link that opens `app`'s reset page; 204 whether or not the email has an account. */
export function requestPasswordReset(email: string, app: ActiveApp): Promise<void> {
  return apiRequest<void>('/api/v1/authusers/reset_password/', { method: 'POST', json: { email, app } });
}

/** Sets the new password with the link's uid and token; every session of the account ends. */
export function confirmPasswordReset(body: PasswordResetConfirm): Promise<void> {
  return apiRequest<void>('/api/v1/authusers/reset_password_confirm/', { method: 'POST', json: body });
}
