import { describe, expect, it } from 'vitest';
import { createMemoryCounterStore } from './memory-counter-store.js';

describe('memory counter store', () => {
  it('counts within a window and starts over after it', async () => {
    let now = 1_000;
    const store = createMemoryCounterStore(() => now);
    expect(await store.increment('k', 100)).toEqual({ count: 1, resetInMs: 100 });
    now += 40;
    expect(await store.increment('k', 100)).toEqual({ count: 2, resetInMs: 60 });
    expect(await store.get('k')).toEqual({ count: 2, resetInMs: 60 });
    now += 60;
    expect(await store.get('k')).toEqual({ count: 0, resetInMs: 0 });
    expect((await store.increment('k', 100)).count).toBe(1);
    await store.reset('k');
    expect((await store.get('k')).count).toBe(0);
    await store.close();
  });
});
