import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../shared/auth/auth-store';
import { useCartIdStore } from '../store/cart-id-store';
import { useAddToCart } from './add-to-cart';

function mockFetch(cartId: string | null) {
  const bodies: unknown[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    bodies.push(JSON.parse(String(init.body ?? 'null')));
    return new Response(JSON.stringify({ message: 'Product added to cart successfully', cart_id: cartId }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return bodies;
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
    {children}
  </QueryClientProvider>
);

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.getState().clear();
  useCartIdStore.getState().setCartId(null);
});

describe('useAddToCart', () => {
  it("sends the guest's cart id and keeps the one the server gives back", async () => {
    useCartIdStore.getState().setCartId('old-guest-cart');
    const bodies = mockFetch('new-guest-cart');
    const { result } = renderHook(() => useAddToCart(), { wrapper });
    act(() => result.current.mutate({ productId: 7, color: 'Red', size: 'M' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(bodies[0]).toEqual({ color: 'Red', size: 'M', cart_id: 'old-guest-cart' });
    expect(localStorage.getItem('cartId')).toBe('new-guest-cart');
    expect(useCartIdStore.getState().cartId).toBe('new-guest-cart');
  });

  it('stores nothing for a logged-in customer', async () => {
    useAuthStore.getState().login({ access: 'a', refresh: 'r' }, 'taberna');
    mockFetch(null);
    const { result } = renderHook(() => useAddToCart(), { wrapper });
    act(() => result.current.mutate({ productId: 7 }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(localStorage.getItem('cartId')).toBeNull();
  });
});
