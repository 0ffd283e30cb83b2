import { useQuery } from '@tanstack/react-query';
import type { TestCheckoutSession } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { testCheckoutKey } from './query-keys';

export const getTestCheckout = (sessionId: string) =>
  apiRequest<TestCheckoutSession>(`/taberna-orders/test-checkout/api/${encodeURIComponent(sessionId)}/`);

export function useTestCheckout(sessionId: string) {
  return useQuery({ queryKey: testCheckoutKey(sessionId), queryFn: () => getTestCheckout(sessionId), retry: false });
}
