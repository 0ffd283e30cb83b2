import type { BoOrder, BoOrderNote } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { useBoMutation } from './use-bo-mutation';

/** Issue 28: `POST /api/backoffice/orders/{id}/notes/`; the order (and its customer's page) reload. */
export const useAddOrderNote = () =>
  useBoMutation(
    ({ id, note }: { id: number; note: BoOrderNote }) =>
      apiRequest<BoOrder>(`/api/backoffice/orders/${id}/notes/`, { method: 'POST', json: note }),
    ['orders', 'customers'],
  );
