import { useQuery } from '@tanstack/react-query';
import type { Product } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { takeEarly } from '../../../shared/api/early-data';
import { LATEST_PRODUCTS_PATH } from './paths';
import { latestProductsKey } from './query-keys';

export const getLatestProducts = () => apiRequest<Product[]>(LATEST_PRODUCTS_PATH);

export function useLatestProducts() {
  // The shop's home route starts this request with the page's chunks (its `early`).
  return useQuery({ queryKey: latestProductsKey, queryFn: () => takeEarly(LATEST_PRODUCTS_PATH, getLatestProducts) });
}
