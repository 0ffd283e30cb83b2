import { create } from 'zustand';
import { STORAGE_KEYS } from '../../../shared/auth/auth-storage';

interface CartIdState {
  cartId: string | null;
  setCartId(cartId: string | null): void;
}

/** Spec §3: the guest cart's id lives in local storage under `cartId`; this keeps it reactive. */
export const useCartIdStore = create<CartIdState>((set) => ({
  // The server renders the view of a visitor without a cart (entry-server.tsx): it has no storage.
  cartId: typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEYS.cartId),
  setCartId(cartId) {
    if (cartId) localStorage.setItem(STORAGE_KEYS.cartId, cartId);
    else localStorage.removeItem(STORAGE_KEYS.cartId);
    set({ cartId });
  },
}));

/** The id to send as `cart_id` now (the store may lag when another piece of code cleared storage). */
export function currentCartId(): string | null {
  return localStorage.getItem(STORAGE_KEYS.cartId);
}
