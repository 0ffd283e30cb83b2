import { useQuery } from '@tanstack/react-query';
import type { Product } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

export const searchShopProductsKey = (query: string) => ['apps-manager', 'search-products', query] as const;

/** The shop's search (contract §8.5); an empty query answers `{"products": []}`. */
export async function searchShopProducts(query: string): Promise<Product[]> {
  const answer = await apiRequest<Product[] | { products: Product[] }>('/taberna-store/api/v1/products/search/', {
    method: 'POST',
    json: { query },
  });
  return Array.isArray(answer) ? answer : answer.products;
}

export function useSearchShopProducts(query: string) {
  return useQuery({
    queryKey: searchShopProductsKey(query),
    queryFn: () => searchShopProducts(query),
    enabled: query.trim() !== '',
  });
}
