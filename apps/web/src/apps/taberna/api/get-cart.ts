import { useQuery } from '@tanstack/react-query';
import type { Cart } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { useIsLoggedIn } from '../../../shared/auth/auth-store';
import { useCartIdStore } from '../store/cart-id-store';
import { cartKey, deliveredCartKey } from './query-keys';

export const getCart = (cartId: string | null) => apiRequest<Cart>('/taberna-cart/api/cart/', { query: { cart_id: cartId } });

export function useCartScope(): { scope: string; cartId: string | null } {
  const loggedIn = useIsLoggedIn();
  const cartId = useCartIdStore((state) => state.cartId);
  return loggedIn ? { scope: 'customer', cartId: null } : { scope: `guest:${cartId ?? ''}`, cartId };
}

export function useCart() {
  const { scope, cartId } = useCartScope();
  return useQuery({ queryKey: cartKey(scope), queryFn: () => getCart(cartId) });
}

/** Issue 28: the cart taxed for a delivery country, with the chosen shipping rate's price in its grand total. */
export function useDeliveredCart(country: string, rateId: number | null) {
  const { scope, cartId } = useCartScope();
  return useQuery({
    queryKey: deliveredCartKey(scope, country, rateId),
    queryFn: () =>
      apiRequest<Cart>('/taberna-cart/api/cart/', {
        query: { cart_id: cartId, country: country || null, shipping_rate_id: rateId },
      }),
    placeholderData: (previous) => previous,
  });
}
