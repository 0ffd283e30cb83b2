import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@portal/contracts';
import { ApiError, apiRequest } from '../../../shared/api/api-client';
import { currentCartId } from '../store/cart-id-store';
import { cartRootKey } from './query-keys';

/** Issue 28: applies a discount code to the caller's cart (a customer's own, else the guest cart). */
export const applyDiscount = (code: string) =>
  apiRequest<Cart>('/taberna-cart/api/discount/', { method: 'POST', json: { code, cart_id: currentCartId() } });

/** Issue 28: takes the discount code off the caller's cart. */
export const removeDiscount = () =>
  apiRequest<Cart>('/taberna-cart/api/discount/', { method: 'DELETE', query: { cart_id: currentCartId() } });

/**
 * Why the server refused a code, to show beside the field: the message under `code` (the client's
 * generic error list leaves a bare `code` key out, taking it for a machine code), else the error's own.
 */
export function discountErrorOf(error: Error): string {
  if (error instanceof ApiError) {
    const body = error.body as { errors?: { code?: unknown } } | null;
    const messages = body?.errors?.code;
    if (Array.isArray(messages) && typeof messages[0] === 'string') return messages[0];
  }
  return error.message;
}

export function useApplyDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyDiscount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartRootKey }),
  });
}

export function useRemoveDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeDiscount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartRootKey }),
  });
}
