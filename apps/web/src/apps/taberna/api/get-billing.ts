import { useQuery } from '@tanstack/react-query';
import type { BillingDefaults } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { billingKey } from './query-keys';

/** The customer's names, email and last billing address, to start the checkout form from. */
export const getBilling = () => apiRequest<BillingDefaults>('/taberna-profiles/api/v1/billing/');

export function useBilling(enabled = true) {
  return useQuery({ queryKey: billingKey, queryFn: getBilling, retry: false, enabled });
}
