import { useQuery } from '@tanstack/react-query';
import type { Product } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { latestProductsKey } from './query-keys';

export const getLatestProducts = () => apiRequest<Product[]>('/taberna-store/api/v1/latest-products/');

export function useLatestProducts() {
  return useQuery({ queryKey: latestProductsKey, queryFn: getLatestProducts });
}
