import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BO_IMAGE_FIELD,
  type BoProduct,
  type BoProductCreate,
  type BoProductImage,
  type BoProductUpdate,
} from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { productKey } from './query-keys';
import { useBoMutation } from './use-bo-mutation';

/** The product endpoints (`/api/backoffice/products/...`): one product, its changes and its pictures. */
const productPath = (id: number) => `/api/backoffice/products/${id}/`;

export const getProduct = (id: number) => apiRequest<BoProduct>(productPath(id));

export function useProduct(id: number | null) {
  return useQuery({ queryKey: productKey(id ?? 0), queryFn: () => getProduct(id!), enabled: id !== null });
}

export const useCreateProduct = () =>
  useBoMutation(
    (input: BoProductCreate) => apiRequest<BoProduct>('/api/backoffice/products/', { method: 'POST', json: input }),
    ['products', 'stock', 'categories'],
  );

export const useUpdateProduct = () =>
  useBoMutation(
    ({ id, ...changes }: BoProductUpdate & { id: number }) =>
      apiRequest<BoProduct>(productPath(id), { method: 'PATCH', json: changes }),
    ['products', 'stock', 'categories'],
  );

/** Removed, or hidden when orders refer to it (`outcome`). */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useBoMutation(
    async (id: number) => {
      const answer = await apiRequest<{ outcome: 'deleted' | 'hidden' }>(productPath(id), { method: 'DELETE' });
      // A removed product is not fetched again (a 404 would replace its open page before the caller moves on).
      if (answer.outcome === 'deleted') queryClient.removeQueries({ queryKey: productKey(id) });
      return answer;
    },
    ['products', 'stock', 'categories'],
  );
}

/** One picture, as multipart field `image`, with the upload's progress (0..1). */
export const useUploadProductImage = () =>
  useBoMutation(
    ({ id, file, onProgress }: { id: number; file: File; onProgress(fraction: number): void }) => {
      const form = new FormData();
      form.append(BO_IMAGE_FIELD, file);
      return apiRequest<BoProductImage>(`${productPath(id)}images/`, { method: 'POST', form, onUploadProgress: onProgress });
    },
    ['products'],
  );

/** Every picture id of the product, in the new order. */
export const useOrderProductImages = () =>
  useBoMutation(
    ({ id, ids }: { id: number; ids: number[] }) =>
      apiRequest<BoProductImage[]>(`${productPath(id)}images/order/`, { method: 'POST', json: { ids } }),
    ['products'],
  );

export const useDeleteProductImage = () =>
  useBoMutation(
    ({ id, imageId }: { id: number; imageId: number }) =>
      apiRequest<void>(`${productPath(id)}images/${imageId}/`, { method: 'DELETE' }),
    ['products'],
  );
