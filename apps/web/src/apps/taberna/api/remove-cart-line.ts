import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { currentCartId } from '../store/cart-id-store';
import { cartRootKey } from './query-keys';
import type { CartLineRef } from './remove-one-from-cart';

/** Contract §8.9: the whole line. */
export const removeCartLine = ({ productId, cartItemId }: CartLineRef) =>
  apiRequest<{ message: string }>(`/taberna-cart/api/cart-item-remove/${productId}/${cartItemId}/`, {
    method: 'DELETE',
    query: { cart_id: currentCartId() },
  });

export function useRemoveCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCartLine,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartRootKey }),
  });
}
