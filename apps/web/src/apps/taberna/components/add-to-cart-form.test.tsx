import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductDetail } from '@portal/contracts';
import { AlertArea } from '../../../shared/alerts/alert-area';
import { clearAlert } from '../../../shared/alerts/alert-store';
import { AddToCartForm } from './add-to-cart-form';

const detail = {
  product: { id: 7, name: 'Stoneware Mug', is_available: true, stock: 5 },
  variations: { colors: [], sizes: [] },
} as unknown as ProductDetail;

function answers(...replies: [number, unknown][]) {
  vi.stubGlobal('fetch', async () => {
    const [status, body] = replies.shift()!;
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearAlert();
});

describe('AddToCartForm', () => {
  it('replaces the error alert of a failed attempt with the success of the next one', { timeout: 30_000 }, async () => {
    answers([400, { error: 'Only 0 left in stock.' }], [200, { message: 'Product added to cart successfully', cart_id: 'c1' }]);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <MemoryRouter>
          <AlertArea />
          <AddToCartForm detail={detail} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByTestId('add-to-cart'));
    await waitFor(() => expect(screen.getByTestId('alert').dataset.alertType).toBe('error'));
    expect(screen.getByTestId('alert').textContent).toContain('Only 0 left in stock.');
    fireEvent.click(screen.getByTestId('add-to-cart'));
    await waitFor(() => expect(screen.getByTestId('alert').dataset.alertType).toBe('success'));
    expect(screen.getAllByTestId('alert')).toHaveLength(1);
    expect(screen.getByTestId('alert').textContent).toContain('Stoneware Mug is in your cart.');
    expect(screen.queryByText('Only 0 left in stock.')).toBeNull();
  });
});
