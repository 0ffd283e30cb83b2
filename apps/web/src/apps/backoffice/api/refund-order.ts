import type { BoOrder, BoRefundRequest } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { useBoMutation } from './use-bo-mutation';

/** Issue 28: `POST /api/backoffice/orders/{id}/refund/` with the lines, restock and amount chosen. */
export const useRefundOrder = () =>
  useBoMutation(
    ({ id, refund }: { id: number; refund: BoRefundRequest }) =>
      apiRequest<BoOrder>(`/api/backoffice/orders/${id}/refund/`, { method: 'POST', json: refund }),
    ['orders', 'stock', 'products', 'customers'],
  );
