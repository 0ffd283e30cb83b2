import { useQuery } from '@tanstack/react-query';
import type { Product } from '@portal/contracts';
import { apiRequest } from './api-client';
import { searchProductsKey } from './query-keys';

/** The shop's search (contract §8.5), for the shop and the landing page; an empty query answers `{"products": []}` instead of a list. */
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
