import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../shared/api/api-client';
import { AppThemeProvider } from '../shared/theme/app-theme-provider';

// The server puts this response's CSP nonce in a meta tag; Emotion's <style> elements carry it.
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
const emotionCache = createCache({ key: 'css', nonce: nonce && !nonce.startsWith('__') ? nonce : undefined });

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
