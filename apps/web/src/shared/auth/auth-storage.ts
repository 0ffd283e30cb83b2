import type { ActiveApp } from '@portal/contracts';

/** Spec §3 and §9: the local storage keys of the login state. */
export const STORAGE_KEYS = {
  access: 'access',
  refresh: 'refresh',
  activeApp: 'active_app',
  legacyToken: 'token',
  cartId: 'cartId',
} as const;

export const USER_FIELDS = ['id', 'username', 'first_name', 'last_name', 'email', 'slug', 'full_name', 'avatar_url'] as const;

/** The social user kept locally (spec §3), stored plainly under `user.{field}` (deviation 7). */
export interface StoredUser {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  slug: string;
  full_name: string;
  avatar_url: string | null;
}

export function readUser(): StoredUser | null {
  const id = Number(localStorage.getItem('user.id'));
  if (!Number.isInteger(id) || id <= 0) return null;
  const field = (name: string) => localStorage.getItem(`user.${name}`) ?? '';
  return {
    id,
    username: field('username'),
    first_name: field('first_name'),
    last_name: field('last_name'),
    email: field('email'),
    slug: field('slug'),
    full_name: field('full_name'),
    avatar_url: localStorage.getItem('user.avatar_url') || null,
  };
}

export function writeUser(user: StoredUser | null): void {
  for (const name of USER_FIELDS) {
    const value = user?.[name];
    if (value === null || value === undefined || value === '') localStorage.removeItem(`user.${name}`);
    else localStorage.setItem(`user.${name}`, String(value));
  }
}

export function readActiveApp(): ActiveApp | null {
  const value = localStorage.getItem(STORAGE_KEYS.activeApp);
  return value === 'social' || value === 'taberna' ? value : null;
}

export function writeItem(key: string, value: string | null): void {
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
}
