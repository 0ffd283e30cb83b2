import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Discount, DiscountCreate, DiscountList } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { listKey } from './query-keys';
import { useBoMutation } from './use-bo-mutation';

/** Issue 28: `GET /api/backoffice/discounts/?search=&cursor=`: keyset pages, newest code first. */
export function useDiscounts(search: string, cursor: string) {
  const params = { search, cursor };
  return useQuery({
    queryKey: listKey('discounts', params),
    queryFn: () => {
      const query = new URLSearchParams({ page_size: '25', ...(search ? { search } : {}), ...(cursor ? { cursor } : {}) });
      return apiRequest<DiscountList>(`/api/backoffice/discounts/?${query}`);
    },
    placeholderData: keepPreviousData,
  });
}

/** Creates a code (no id) or edits one. */
export const useSaveDiscount = () =>
  useBoMutation(
    ({ id, body }: { id: number | null; body: DiscountCreate }) =>
      apiRequest<Discount>(id === null ? '/api/backoffice/discounts/' : `/api/backoffice/discounts/${id}/`, {
        method: id === null ? 'POST' : 'PATCH',
        json: body,
      }),
    ['discounts'],
  );

export const useDeleteDiscount = () =>
  useBoMutation((id: number) => apiRequest<void>(`/api/backoffice/discounts/${id}/`, { method: 'DELETE' }), ['discounts']);
