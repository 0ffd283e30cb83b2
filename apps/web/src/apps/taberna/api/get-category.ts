import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
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

/** Products a page of the category shows at a time; "Show more products" adds the next ones (issue 24). */
export const CATEGORY_PAGE_SIZE = 24;

/** One page of a category: the first, or the one after the product `after` in the same order. */
export const getCategory = (slug: string, filters: CategoryFilters = {}, after?: number) => {
  const params = new URLSearchParams(categoryFilterQuery(filters));
  params.set('page_size', String(CATEGORY_PAGE_SIZE));
  if (after !== undefined) params.set('after', String(after));
  return apiRequest<CategoryWithProducts>(`/taberna-store/api/v1/products/${encodeURIComponent(slug)}/?${params.toString()}`);
};

/** A category's products a page at a time: each page is the same answer with the next products. */
export function useCategory(slug: string, filters: CategoryFilters = {}) {
  return useInfiniteQuery({
    queryKey: categoryKey(slug, categoryFilterQuery(filters)),
    queryFn: ({ pageParam }) => getCategory(slug, filters, pageParam),
    initialPageParam: undefined as number | undefined,
    // A full page may have a next one; a shorter one is the last.
    getNextPageParam: (page) => (page.products.length === CATEGORY_PAGE_SIZE ? page.products.at(-1)?.id : undefined),
    retry: false,
    // While another sorting or filter loads, the current products stay (no flash of skeletons).
    placeholderData: (previous, previousQuery) =>
      isCategoryKeyOf(previousQuery?.queryKey, slug) ? keepPreviousData(previous) : undefined,
  });
}
