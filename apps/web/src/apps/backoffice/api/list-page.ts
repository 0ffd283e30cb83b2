import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListPage } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { apiParams, type GridQuery } from '../grid/grid-query';
import { listKey, type BoResource } from './query-keys';

/** Each resource's list path (shipping zones and tax rates are whole lists, not pages). */
export const LIST_PATHS: Record<BoResource, string> = {
  categories: '/api/backoffice/categories/',
  products: '/api/backoffice/products/',
  stock: '/api/backoffice/stock/',
  orders: '/api/backoffice/orders/',
  reports: '/api/backoffice/reports/',
  accounts: '/api/backoffice/accounts/',
  audit: '/api/backoffice/audit/',
  customers: '/api/backoffice/customers/',
  discounts: '/api/backoffice/discounts/',
  'shipping-zones': '/api/backoffice/shipping-zones/',
  'tax-rates': '/api/backoffice/tax-rates/',
};

/** `GET /api/backoffice/<list>/`: one page, `{count, next, previous, results}`. */
export function getListPage<T>(resource: BoResource, params: Record<string, string>): Promise<ListPage<T>> {
  return apiRequest<ListPage<T>>(LIST_PATHS[resource], { query: params });
}

/** One page of a back-office list for a grid; the previous page stays on screen while the next loads. */
export function useListPage<T>(resource: BoResource, query: GridQuery, extra: Record<string, string> = {}) {
  const params = { ...apiParams(query), ...extra };
  return useQuery({
    queryKey: listKey(resource, params),
    queryFn: () => getListPage<T>(resource, params),
    placeholderData: keepPreviousData,
  });
}
