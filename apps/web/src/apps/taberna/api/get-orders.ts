import { useInfiniteQuery } from '@tanstack/react-query';
import type { Order } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { ordersKey } from './query-keys';

/** Orders a page of the dashboard shows at a time; "Show older orders" adds the next ones (issue 24). */
export const ORDERS_PAGE_SIZE = 10;

/** Contract §8.15 (the reference client writes it without the leading slash), a page at a time: the orders older than `before`. */
export const getOrders = (before?: number) =>
  apiRequest<Order[]>('/taberna-profiles/api/v1/orders/', {
    query: { page_size: ORDERS_PAGE_SIZE, before },
  });

export function useOrders() {
  return useInfiniteQuery({
    queryKey: ordersKey,
    queryFn: ({ pageParam }) => getOrders(pageParam),
    initialPageParam: undefined as number | undefined,
    // A full page may have older orders; a shorter one is the last.
    getNextPageParam: (page) => (page.length === ORDERS_PAGE_SIZE ? page.at(-1)?.id : undefined),
  });
}
