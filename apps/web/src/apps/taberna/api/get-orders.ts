import { useQuery } from '@tanstack/react-query';
import type { Order } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { ordersKey } from './query-keys';

/** Contract §8.15 (the reference client writes it without the leading slash). */
export const getOrders = () => apiRequest<Order[]>('/taberna-profiles/api/v1/orders/');

export function useOrders() {
  return useQuery({ queryKey: ordersKey, queryFn: getOrders });
}
