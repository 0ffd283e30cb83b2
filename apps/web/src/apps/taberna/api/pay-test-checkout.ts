import { useMutation } from '@tanstack/react-query';
import type { TestCardRequest } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

export const payTestCheckout = ({ sessionId, ...card }: TestCardRequest & { sessionId: string }) =>
  apiRequest<{ outcome: 'paid' | 'declined'; redirect_url: string }>(
    `/taberna-orders/test-checkout/api/${encodeURIComponent(sessionId)}/pay/`,
    { method: 'POST', json: card },
  );

export function usePayTestCheckout() {
  return useMutation({ mutationFn: payTestCheckout });
}
