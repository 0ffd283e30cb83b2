import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { currentCartId } from '../store/cart-id-store';
import { cartRootKey } from './query-keys';

export interface CartLineRef {
  productId: number;
  cartItemId: number;
}

/** Contract §8.8: one less of a line. */
export const removeOneFromCart = ({ productId, cartItemId }: CartLineRef) =>
  apiRequest<{ message: string }>(`/taberna-cart/api/cart-remove/${productId}/${cartItemId}/`, {
    method: 'DELETE',
    query: { cart_id: currentCartId() },
  });

export function useRemoveOneFromCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeOneFromCart,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartRootKey }),
  });
}
