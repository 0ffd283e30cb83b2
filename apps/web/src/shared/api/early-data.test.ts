import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchEarly, takeEarly } from './early-data';

function countingFetch() {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    return new Response(JSON.stringify({ n: urls.length }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return urls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('early data (issue 12: a page’s first request travels beside its chunks)', () => {
  it('hands the early answer to the page once, then asks afresh', async () => {
    const urls = countingFetch();
    fetchEarly('/api/early-a/');
    fetchEarly('/api/early-a/');
    expect(urls).toEqual(['/api/early-a/']);
    const fresh = vi.fn(async () => ({ n: -1 }));
    await expect(takeEarly('/api/early-a/', fresh)).resolves.toEqual({ n: 1 });
    expect(fresh).not.toHaveBeenCalled();
    await expect(takeEarly('/api/early-a/', fresh)).resolves.toEqual({ n: -1 });
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('drops an early answer its page did not take within ten seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    countingFetch();
    fetchEarly('/api/early-b/');
    vi.setSystemTime(Date.now() + 10_001);
    await expect(takeEarly('/api/early-b/', async () => ({ n: 'fresh' }))).resolves.toEqual({ n: 'fresh' });
  });
});
