import { useQuery } from '@tanstack/react-query';
import type { ShippingOption } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { useCartScope } from './get-cart';
import { shippingOptionsKey } from './query-keys';

/** Issue 28: the shipping rates of a delivery country, priced for the caller's cart (none when the shop has no zones). */
export const getShippingOptions = (country: string, cartId: string | null) =>
  apiRequest<ShippingOption[]>('/taberna-cart/api/shipping-options/', { query: { country, cart_id: cartId } });

export function useShippingOptions(country: string) {
  const { scope, cartId } = useCartScope();
  return useQuery({
    queryKey: shippingOptionsKey(scope, country),
    queryFn: () => getShippingOptions(country, cartId),
    enabled: country !== '',
  });
}
