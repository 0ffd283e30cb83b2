import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { ApiError } from '../shared/api/api-client';
import { cspNonce } from '../shared/security/csp-nonce';
import { AppThemeProvider } from '../shared/theme/app-theme-provider';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}

// Emotion's <style> elements carry this response's CSP nonce.
const emotionCache = createCache({ key: 'css', nonce: cspNonce });

/** The browser's one client; the server makes one per render (`RenderScope`). */
export const queryClient = createQueryClient();

/** A server render's own Emotion cache (with the response's nonce) and React Query client: nothing shared between requests. */
export interface RenderScope {
  emotionCache: EmotionCache;
  queryClient: QueryClient;
}
export const RenderScopeContext = createContext<RenderScope | null>(null);

export function Providers({ children }: { children: ReactNode }) {
  const scope = useContext(RenderScopeContext);
  return (
    <CacheProvider value={scope?.emotionCache ?? emotionCache}>
      <QueryClientProvider client={scope?.queryClient ?? queryClient}>
        <AppThemeProvider accent="appsManager">{children}</AppThemeProvider>
      </QueryClientProvider>
    </CacheProvider>
  );
}
