import { apiRequest } from '../../../shared/api/api-client';

/** Contract §8.12: the server asks the payment provider before it completes anything. */
export const reportPaymentSuccess = (sessionId: string) =>
  apiRequest<{ message: string; order_number: string }>('/taberna-orders/api/v1/order_payment_success/', {
    method: 'POST',
    json: { stripe_session_id: sessionId },
  });
