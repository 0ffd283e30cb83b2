import { describe, expect, it } from 'vitest';
import { useAuthStore } from './auth-store';

describe('auth store', () => {
  it('writes the login state to the spec’s local storage keys', () => {
    useAuthStore.getState().login({ access: 'A', refresh: 'R' }, 'social');
    expect(localStorage.getItem('access')).toBe('A');
    expect(localStorage.getItem('refresh')).toBe('R');
    expect(localStorage.getItem('active_app')).toBe('social');
    useAuthStore.getState().setUser({
      id: 3,
      username: 'ana',
      first_name: 'Ana',
      last_name: 'Lima',
      email: 'a@x.io',
      slug: 'ana-lima',
      full_name: 'Ana Lima',
      avatar_url: null,
    });
    expect(localStorage.getItem('user.id')).toBe('3');
    expect(localStorage.getItem('user.slug')).toBe('ana-lima');
    expect(localStorage.getItem('user.avatar_url')).toBeNull();
  });

  it('logout clears local storage but keeps the theme preference', () => {
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('cartId', 'abc');
    useAuthStore.getState().login({ access: 'A', refresh: 'R' }, 'taberna');
    expect(useAuthStore.getState().clear()).toBe('R');
    expect(localStorage.getItem('access')).toBeNull();
    expect(localStorage.getItem('cartId')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(useAuthStore.getState()).toMatchObject({ access: null, refresh: null, activeApp: null, user: null });
  });
});
