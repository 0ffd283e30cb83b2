import { describe, expect, it } from 'vitest';
import { HYDRATION_KEYS, readSsrState, shouldHydrate, SSR_STATE_ID } from './ssr-state';

const storage = (stored: Record<string, string>) => ({ getItem: (key: string) => stored[key] ?? null });

describe('whether the server’s HTML is hydrated', () => {
  it('hydrates for a visitor with no stored login and no dark theme (the view the server renders)', () => {
    expect(shouldHydrate(storage({}), HYDRATION_KEYS)).toBe(true);
    expect(shouldHydrate(storage({ theme: 'light', active_app: 'taberna' }), HYDRATION_KEYS)).toBe(true);
  });

  it('renders in the browser for a logged-in visitor (any stored login) or a dark theme', () => {
    expect(shouldHydrate(storage({ theme: 'dark' }), HYDRATION_KEYS)).toBe(false);
    expect(shouldHydrate(storage({ access: 'a' }), HYDRATION_KEYS)).toBe(false);
    expect(shouldHydrate(storage({ refresh: 'r' }), HYDRATION_KEYS)).toBe(false);
    expect(shouldHydrate(storage({ token: 'legacy' }), HYDRATION_KEYS)).toBe(false);
    expect(shouldHydrate(storage({ 'user.id': '3' }), HYDRATION_KEYS)).toBe(false);
  });

  it('follows the system’s dark preference until the visitor chooses (issue 26)', () => {
    expect(shouldHydrate(storage({}), HYDRATION_KEYS, true)).toBe(false);
    expect(shouldHydrate(storage({ theme: 'light' }), HYDRATION_KEYS, true)).toBe(true);
    expect(shouldHydrate(storage({ theme: 'dark' }), HYDRATION_KEYS, false)).toBe(false);
  });

  it("renders in the browser for a guest with a cart: the shop's top bar counts it, the server's view has none", () => {
    expect(shouldHydrate(storage({ theme: 'light', cartId: 'abc' }), HYDRATION_KEYS)).toBe(false);
  });

  it('renders in the browser when the storage cannot be read', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(shouldHydrate(broken, HYDRATION_KEYS)).toBe(false);
  });

  it('reads the state the server put in the page, and nothing from a page without one', () => {
    document.body.innerHTML = `<script type="application/json" id="${SSR_STATE_ID}">{"queries":[{"key":["a"],"data":[1]}]}</script>`;
    expect(readSsrState(document)).toEqual({ queries: [{ key: ['a'], data: [1] }] });
    document.body.innerHTML = `<script type="application/json" id="${SSR_STATE_ID}">{broken</script>`;
    expect(readSsrState(document)).toBeNull();
    document.body.innerHTML = '';
    expect(readSsrState(document)).toBeNull();
  });
});
