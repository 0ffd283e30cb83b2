import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddToCartResponse } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { isLoggedIn } from '../../../shared/auth/auth-store';
import { currentCartId, useCartIdStore } from '../store/cart-id-store';
import { cartRootKey } from './query-keys';

export interface AddToCartInput {
  productId: number;
  color?: string;
  size?: string;
}

export function addToCart({ productId, color, size }: AddToCartInput) {
  return apiRequest<AddToCartResponse>(`/taberna-cart/api/add-to-cart/${productId}/`, {
    method: 'POST',
    json: { color: color ?? null, size: size ?? null, cart_id: currentCartId() },
  });
}

/** Contract §8.7: a guest keeps the returned `cart_id`; then the cart is loaded again. */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: async (answer) => {
      if (answer.cart_id && !isLoggedIn()) useCartIdStore.getState().setCartId(answer.cart_id);
      await queryClient.invalidateQueries({ queryKey: cartRootKey });
    },
  });
}
