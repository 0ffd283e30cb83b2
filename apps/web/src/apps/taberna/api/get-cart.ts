import { useQuery } from '@tanstack/react-query';
import type { Cart } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { useIsLoggedIn } from '../../../shared/auth/auth-store';
import { useCartIdStore } from '../store/cart-id-store';
import { cartKey } from './query-keys';

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
