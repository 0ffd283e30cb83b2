import type { BoStockAdjust, BoStockBulkAdjust } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { useBoMutation } from './use-bo-mutation';

/** `POST /api/backoffice/stock/{product_id}/adjust/`: one product's stock changes by `delta`, with a reason. */
export const useAdjustStock = () =>
  useBoMutation(
    ({ productId, ...input }: BoStockAdjust & { productId: number }) =>
      apiRequest<{ product_id: number; stock: number }>(`/api/backoffice/stock/${productId}/adjust/`, {
        method: 'POST',
        json: input,
      }),
    ['stock', 'products'],
  );

/** `POST /api/backoffice/stock/adjust/`: several products at once, one reason, all or nothing. */
export const useBulkAdjustStock = () =>
  useBoMutation(
    (input: BoStockBulkAdjust) =>
      apiRequest<{ results: { product_id: number; stock: number }[] }>('/api/backoffice/stock/adjust/', {
        method: 'POST',
        json: input,
      }),
    ['stock', 'products'],
  );
