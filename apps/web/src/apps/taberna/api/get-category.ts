import { useQuery } from '@tanstack/react-query';
import type { CategoryWithProducts } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

export const categoryKey = (slug: string) => ['taberna', 'category', slug] as const;

export const getCategory = (slug: string) =>
  apiRequest<CategoryWithProducts>(`/taberna-store/api/v1/products/${encodeURIComponent(slug)}/`);

export function useCategory(slug: string) {
  return useQuery({ queryKey: categoryKey(slug), queryFn: () => getCategory(slug), retry: false });
}
