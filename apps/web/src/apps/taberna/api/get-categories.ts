import { useQuery } from '@tanstack/react-query';
import type { CategoryBrief } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { CATEGORIES_PATH } from './paths';
import { categoriesKey } from './query-keys';

export const getCategories = () => apiRequest<CategoryBrief[]>(CATEGORIES_PATH);

/** Spec §8: a failure is logged as "Failed to fetch categories:" and the menu stays empty. */
export function useCategories() {
  return useQuery({
    queryKey: categoriesKey,
    queryFn: () =>
      getCategories().catch((error: unknown) => {
        console.error('Failed to fetch categories:', error);
        return [];
      }),
    staleTime: 5 * 60_000,
  });
}
