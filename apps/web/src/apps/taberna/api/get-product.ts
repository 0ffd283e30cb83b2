import { useQuery } from '@tanstack/react-query';
import type { ProductDetail } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { takeEarly } from '../../../shared/api/early-data';
import { useIsLoggedIn } from '../../../shared/auth/auth-store';
import { productPath } from './paths';
import { productKey } from './query-keys';

export const getProduct = (categorySlug: string, productSlug: string) =>
  apiRequest<ProductDetail>(productPath(categorySlug, productSlug));

export function useProduct(categorySlug: string, productSlug: string) {
  // Whether the caller may review depends on who is logged in.
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: productKey(categorySlug, productSlug, loggedIn),
    // The product route starts this request with the page's chunks (its `early`).
    queryFn: () => takeEarly(productPath(categorySlug, productSlug), () => getProduct(categorySlug, productSlug)),
    retry: false,
  });
}
