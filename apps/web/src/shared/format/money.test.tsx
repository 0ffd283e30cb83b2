import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { portalSettingsKey } from '../api/query-keys';
import { useFormatMoney } from './money';

function withSettings(currency: string | null) {
  const client = new QueryClient();
  if (currency)
    client.setQueryData(portalSettingsKey, {
      links: { cv: '', source_code: '', professional_network: '', all_apps: '/' },
      currency,
    });
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useFormatMoney', () => {
  it("writes prices and totals in the shop's currency, the browser's way", () => {
    const { result } = renderHook(() => useFormatMoney(), { wrapper: withSettings('USD') });
    const locale = navigator.language;
    expect(result.current('19.99')).toBe(new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(19.99));
    const euros = renderHook(() => useFormatMoney(), { wrapper: withSettings('EUR') }).result.current;
    expect(euros(40.8)).toBe(new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(40.8));
    expect(euros(40.8)).toContain('€');
  });

  it('shows no currency at all until the settings say which', () => {
    const { result } = renderHook(() => useFormatMoney(), { wrapper: withSettings(null) });
    expect(result.current('1234.5')).toBe(new Intl.NumberFormat(navigator.language, { minimumFractionDigits: 2 }).format(1234.5));
    expect(result.current('19.99')).not.toMatch(/[$€£]/);
  });
});
