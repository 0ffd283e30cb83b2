import { apiRequest } from '../../api/api-client';

export function resendActivation(email: string): Promise<void> {
  return apiRequest<void>('/api/v1/authusers/resend_activation/', { method: 'POST', json: { email } });
}
