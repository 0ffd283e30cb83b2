import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CategoryWithProducts } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { categoryKey, isCategoryKeyOf } from './query-keys';

/** The sorting and filter keys a category page keeps in its URL, sent to the API as they are. */
export const CATEGORY_FILTER_KEYS = ['sort', 'min_price', 'max_price', 'color', 'size', 'in_stock'] as const;
export type CategoryFilterKey = (typeof CATEGORY_FILTER_KEYS)[number];
export type CategoryFilters = Partial<Record<CategoryFilterKey, string>>;

/** Only the known keys with a value, in a fixed order (one cache entry per distinct choice). */
export function categoryFilterQuery(filters: CategoryFilters): string {
  const params = new URLSearchParams();
  for (const key of CATEGORY_FILTER_KEYS) if (filters[key]) params.set(key, filters[key]);
  const query = params.toString();
  return query ? `?${query}` : '';
}

export const getCategory = (slug: string, filters: CategoryFilters = {}) =>
  apiRequest<CategoryWithProducts>(`/taberna-store/api/v1/products/${encodeURIComponent(slug)}/${categoryFilterQuery(filters)}`);

export function useCategory(slug: string, filters: CategoryFilters = {}) {
  return useQuery({
    queryKey: categoryKey(slug, categoryFilterQuery(filters)),
    queryFn: () => getCategory(slug, filters),
    retry: false,
    // While another sorting or filter loads, the current products stay (no flash of skeletons).
    placeholderData: (previous, previousQuery) =>
      isCategoryKeyOf(previousQuery?.queryKey, slug) ? keepPreviousData(previous) : undefined,
  });
}
