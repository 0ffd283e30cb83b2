import { useQuery } from '@tanstack/react-query';
import type { Product } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

export const searchProductsKey = (query: string) => ['taberna', 'search', query] as const;

/** Contract §8.5: an empty query answers `{"products": []}` instead of a list. */
export async function searchProducts(query: string): Promise<Product[]> {
  const answer = await apiRequest<Product[] | { products: Product[] }>('/taberna-store/api/v1/products/search/', {
    method: 'POST',
    json: { query },
  });
  return Array.isArray(answer) ? answer : answer.products;
}

export function useSearchProducts(query: string) {
  return useQuery({ queryKey: searchProductsKey(query), queryFn: () => searchProducts(query), enabled: query.trim() !== '' });
}
