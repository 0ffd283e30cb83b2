import { useMutation } from '@tanstack/react-query';
import type { BillingForm } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** Contract §8.10: the order is placed (stock reserved) and the answer is the payment page to go to. */
export const placeOrder = (billing: BillingForm) =>
  apiRequest<{ checkout_url: string }>('/taberna-orders/api/v1/place_order_stripe_session/', {
    method: 'POST',
    json: { ...billing, stripe_token: null },
  });

export function usePlaceOrder() {
  return useMutation({ mutationFn: placeOrder });
}
