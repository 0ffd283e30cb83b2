import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../shared/api/api-client';
import { cspNonce } from '../shared/security/csp-nonce';
import { AppThemeProvider } from '../shared/theme/app-theme-provider';

// Emotion's <style> elements carry this response's CSP nonce.
const emotionCache = createCache({ key: 'css', nonce: cspNonce });

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <CacheProvider value={emotionCache}>
      <QueryClientProvider client={queryClient}>
        <AppThemeProvider accent="appsManager">{children}</AppThemeProvider>
      </QueryClientProvider>
    </CacheProvider>
  );
}
