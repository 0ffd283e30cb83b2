import { useQuery } from '@tanstack/react-query';
import type { ProductDetail } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { useIsLoggedIn } from '../../../shared/auth/auth-store';
import { productKey } from './query-keys';

/** Contract §8.3: the reference client calls this path without the trailing slash. */
export const getProduct = (categorySlug: string, productSlug: string) =>
  apiRequest<ProductDetail>(
    `/taberna-store/api/v1/products/${encodeURIComponent(categorySlug)}/${encodeURIComponent(productSlug)}`,
  );

export function useProduct(categorySlug: string, productSlug: string) {
  // Whether the caller may review depends on who is logged in.
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: productKey(categorySlug, productSlug, loggedIn),
    queryFn: () => getProduct(categorySlug, productSlug),
    retry: false,
  });
}
