import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { Order } from '@portal/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../shared/auth/auth-store';
import { OrderCard } from './order-card';

const ORDER = {
  id: 7,
  order_number: '202611277',
  first_name: 'Zoë',
  last_name: 'Lima',
  address_line_1: '1 Harbour Street',
  address_line_2: '',
  postal_code: '1100-148',
  city: 'Lisbon',
  state: '',
  country: 'Portugal',
  shipping_address: null,
  created_at: 'Nov. 27, 2026, 10:00 AM',
  order_status: 'paid',
  payment: null,
  order_products: [],
  tax: 0.8,
  order_total: 40.8,
  tracking: null,
  tracking_url: null,
  carrier: null,
  invoice_number: '2026-000042',
} as unknown as Order;

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
    <MemoryRouter>{children}</MemoryRouter>
  </QueryClientProvider>
);

let saved: { name: string; href: string }[];
beforeEach(() => {
  saved = [];
  useAuthStore.getState().login({ access: 'access-token', refresh: 'r' }, 'taberna');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:invoice', revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  useAuthStore.getState().clear();
});

describe('OrderCard invoice (issue 28)', () => {
  it('downloads the invoice with the login, under the name the server gives it', async () => {
    const calls: { url: string; headers: Headers }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      if (url.includes('/invoice/')) calls.push({ url, headers: new Headers(init.headers) });
      return new Response(new Blob(['%PDF-1.7']), {
        status: 200,
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="invoice-2026-000042.pdf"' },
      });
    });
    render(<OrderCard order={ORDER} />, { wrapper });
    expect(screen.getByText(/Invoice 2026-000042/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Download invoice' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'invoice-2026-000042.pdf', href: 'blob:invoice' }]));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toContain('/taberna-profiles/api/v1/orders/202611277/invoice/');
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer access-token');
    expect(calls[0]!.headers.get('accept')).toBe('application/pdf');
  });

  it('says why when the invoice cannot be had, and offers none for an order without one', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ error: 'The portal is answering many searches right now.' }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        }),
    );
    const { unmount } = render(<OrderCard order={ORDER} />, { wrapper });
    await userEvent.click(screen.getByRole('button', { name: 'Download invoice' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The portal is answering many searches right now.');
    expect(saved).toEqual([]);
    unmount();
    render(<OrderCard order={{ ...ORDER, invoice_number: null }} />, { wrapper });
    expect(screen.queryByRole('button', { name: 'Download invoice' })).toBeNull();
  });

  it("focuses the download of the order an email's link names", () => {
    Element.prototype.scrollIntoView = vi.fn();
    render(<OrderCard order={ORDER} focused />, { wrapper });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Download invoice' }));
  });
});
