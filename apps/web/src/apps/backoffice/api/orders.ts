import { useQuery } from '@tanstack/react-query';
import type { BoOrder, BoShipRequest, OrderStatus } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { orderKey } from './query-keys';
import { useBoMutation } from './use-bo-mutation';

const orderPath = (id: number) => `/api/backoffice/orders/${id}/`;

export const getOrder = (id: number) => apiRequest<BoOrder>(orderPath(id));

export function useOrder(id: number) {
  return useQuery({ queryKey: orderKey(id), queryFn: () => getOrder(id) });
}

export type OrderAction = 'ship' | 'deliver' | 'cancel' | 'refund';

/**
 * Issue 15.5: each action is valid from the statuses the server accepts it in (409 otherwise); the
 * page offers just those. Cancel is for an order not paid yet, refund for a paid one; issue 28: a
 * partly refunded order can be refunded again, and shipped.
 */
export const ACTIONS_FROM: Record<OrderAction, OrderStatus[]> = {
  ship: ['paid', 'partially_refunded'],
  deliver: ['shipped'],
  cancel: ['placed'],
  refund: ['paid', 'partially_refunded'],
};

export const validActions = (status: OrderStatus): OrderAction[] =>
  (Object.keys(ACTIONS_FROM) as OrderAction[]).filter((action) => ACTIONS_FROM[action].includes(status));

/** `POST /api/backoffice/orders/{id}/{action}/` (ship takes an optional tracking note; refund has its dialog: refund-order.ts). */
export const useOrderAction = () =>
  useBoMutation(
    ({ id, action, ship }: { id: number; action: Exclude<OrderAction, 'refund'>; ship?: BoShipRequest }) =>
      apiRequest<BoOrder>(`${orderPath(id)}${action}/`, { method: 'POST', json: action === 'ship' ? (ship ?? {}) : {} }),
    ['orders', 'stock', 'products'],
  );
