import { apiRequest } from '../../../shared/api/api-client';

/** Contract §8.13: the unpaid order is cancelled and its stock released; the cart stays. */
export const reportPaymentFailed = (sessionId: string) =>
  apiRequest<{ message: string }>('/taberna-orders/api/v1/order_payment_failed/', {
    method: 'POST',
    json: { stripe_session_id: sessionId },
  });
