import { useQuery } from '@tanstack/react-query';
import type { BoCategory, BoCategoryCreate, BoCategoryUpdate, ListPage } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { allCategoriesKey } from './query-keys';
import { useBoMutation } from './use-bo-mutation';

/**
 * The categories endpoints (`/api/backoffice/categories/`). A shop has a few dozen categories at
 * most: the page and the product editor take them all, in the shop's order.
 */
export const getAllCategories = () =>
  apiRequest<ListPage<BoCategory>>('/api/backoffice/categories/', { query: { ordering: 'position', page_size: 100 } });

export function useAllCategories() {
  return useQuery({ queryKey: allCategoriesKey, queryFn: getAllCategories, select: (page) => page.results });
}

const categoryPath = (id: number) => `/api/backoffice/categories/${id}/`;

export const useCreateCategory = () =>
  useBoMutation(
    (input: BoCategoryCreate) => apiRequest<BoCategory>('/api/backoffice/categories/', { method: 'POST', json: input }),
    ['categories'],
  );

/** Rename, describe, or move (`position`, 0 = first). */
export const useUpdateCategory = () =>
  useBoMutation(
    ({ id, ...changes }: BoCategoryUpdate & { id: number }) =>
      apiRequest<BoCategory>(categoryPath(id), { method: 'PATCH', json: changes }),
    ['categories'],
  );

/** Refused with 409 while the category has products (the server's message says so). */
export const useDeleteCategory = () =>
  useBoMutation((id: number) => apiRequest<void>(categoryPath(id), { method: 'DELETE' }), ['categories', 'products']);
