import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BO_IMAGE_COLOR_FIELD,
  BO_IMAGE_FIELD,
  type BoProduct,
  type BoProductCreate,
  type BoProductImage,
  type BoProductUpdate,
  type BoVariant,
  type BoVariantUpdate,
} from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { productKey, variantsKey } from './query-keys';
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

/** One picture, as multipart field `image` (and the colour it shows, issue 25), with the upload's progress (0..1). */
export const useUploadProductImage = () =>
  useBoMutation(
    ({ id, file, color, onProgress }: { id: number; file: File; color?: string | null; onProgress(fraction: number): void }) => {
      const form = new FormData();
      if (color) form.append(BO_IMAGE_COLOR_FIELD, color);
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

/** Issue 25: which colour a picture shows (null: every colour). */
export const useSetImageColor = () =>
  useBoMutation(
    ({ id, imageId, color }: { id: number; imageId: number; color: string | null }) =>
      apiRequest<BoProductImage>(`${productPath(id)}images/${imageId}/`, { method: 'PATCH', json: { color } }),
    ['products'],
  );

/** Issue 25: a product's variants, one per colour × size. */
export function useVariants(id: number) {
  return useQuery({
    queryKey: variantsKey(id),
    queryFn: () => apiRequest<{ results: BoVariant[] }>(`${productPath(id)}variants/`),
  });
}

/** A variant's SKU, stock (a ledger correction) or own price (null: the product's). */
export const useUpdateVariant = () =>
  useBoMutation(
    ({ id, variantId, ...changes }: BoVariantUpdate & { id: number; variantId: number }) =>
      apiRequest<BoVariant>(`${productPath(id)}variants/${variantId}/`, { method: 'PATCH', json: changes }),
    ['products', 'stock'],
  );
