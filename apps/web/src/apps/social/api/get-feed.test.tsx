import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchEarly } from '../../../shared/api/early-data';
import { socialRoutes } from '../routes';
import { useFeed } from './get-feed';
import { useTrends } from './get-trends';
import { FEED_PATH, TRENDS_PATH } from './paths';

const FEED = { count: 1, next: null, previous: null, results: { posts: [{ id: 'p1' }] } };

afterEach(() => vi.unstubAllGlobals());

describe('the social home’s first requests', () => {
  it('start with the page’s chunks, and the feed and the trends take those answers over', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      const body = url === TRENDS_PATH ? [{ hashtag: 'tulips', occurences: 3 }] : FEED;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const home = socialRoutes.find((route) => route.name === 'homeSocial')!;
    expect(home.early?.({})).toEqual([FEED_PATH, TRENDS_PATH]);
    home.early!({}).forEach(fetchEarly);
    expect(urls).toEqual([FEED_PATH, TRENDS_PATH]);

    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => ({ feed: useFeed(), trends: useTrends() }), { wrapper });
    await waitFor(() => expect(result.current.feed.data?.pages[0]).toEqual(FEED));
    await waitFor(() => expect(result.current.trends.data).toEqual([{ hashtag: 'tulips', occurences: 3 }]));
    expect(urls).toEqual([FEED_PATH, TRENDS_PATH]);
  });
});
