import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BoCustomer, BoCustomerList } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { customerKey, listKey } from './query-keys';

/**
 * Issue 28: `GET /api/backoffice/customers/?search=&cursor=` (keyset pages: the page after the one
 * ending at `cursor`) and `GET /api/backoffice/customers/{id}/`.
 */
export function useCustomers(search: string, cursor: string) {
  const params = { search, cursor };
  return useQuery({
    queryKey: listKey('customers', params),
    queryFn: () => {
      const query = new URLSearchParams({ page_size: '25', ...(search ? { search } : {}), ...(cursor ? { cursor } : {}) });
      return apiRequest<BoCustomerList>(`/api/backoffice/customers/?${query}`);
    },
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(id: number) {
  return useQuery({ queryKey: customerKey(id), queryFn: () => apiRequest<BoCustomer>(`/api/backoffice/customers/${id}/`) });
}
