import { create } from 'zustand';
import type { ActiveApp, TokenPair } from '@portal/contracts';
import { PRESERVED_STORAGE_KEYS } from '../theme/theme-store';
import { readActiveApp, readUser, STORAGE_KEYS, writeItem, writeUser, type StoredUser } from './auth-storage';

interface AuthState {
  access: string | null;
  refresh: string | null;
  activeApp: ActiveApp | null;
  legacyToken: string | null;
  user: StoredUser | null;
  login(tokens: TokenPair, app: ActiveApp): void;
  setAccess(access: string): void;
  /** Moving to another app keeps the login and only records where the person is (deviation 14). */
  setActiveApp(app: ActiveApp): void;
  setUser(user: StoredUser | null): void;
  /** Clears the login state here and in local storage; returns the refresh token it held. */
  clear(): string | null;
}

function fromStorage() {
  // The server renders the anonymous view (entry-server.tsx): it has no storage.
  if (typeof localStorage === 'undefined')
    return { access: null, refresh: null, activeApp: null, legacyToken: null, user: null } satisfies Partial<AuthState>;
  return {
    access: localStorage.getItem(STORAGE_KEYS.access),
    refresh: localStorage.getItem(STORAGE_KEYS.refresh),
    activeApp: readActiveApp(),
    legacyToken: localStorage.getItem(STORAGE_KEYS.legacyToken),
    user: readUser(),
  };
}

/** The login state, restored from local storage at start (spec §4) and written through to it. */
export const useAuthStore = create<AuthState>((set, get) => ({
  ...fromStorage(),
  login(tokens, app) {
    writeItem(STORAGE_KEYS.access, tokens.access);
    writeItem(STORAGE_KEYS.refresh, tokens.refresh);
    writeItem(STORAGE_KEYS.activeApp, app);
    set({ access: tokens.access, refresh: tokens.refresh, activeApp: app });
  },
  setAccess(access) {
    writeItem(STORAGE_KEYS.access, access);
    set({ access });
  },
  setActiveApp(app) {
    writeItem(STORAGE_KEYS.activeApp, app);
    set({ activeApp: app });
  },
  setUser(user) {
    writeUser(user);
    set({ user });
  },
  clear() {
    const refresh = get().refresh;
    // Spec §4: logout clears local storage. The theme is a device preference, not login state.
    const keep = PRESERVED_STORAGE_KEYS.map((key) => [key, localStorage.getItem(key)] as const);
    localStorage.clear();
    for (const [key, value] of keep) if (value !== null) localStorage.setItem(key, value);
    set({ access: null, refresh: null, activeApp: null, legacyToken: null, user: null });
    return refresh;
  },
}));

export const isLoggedIn = () => useAuthStore.getState().access !== null;
export const useIsLoggedIn = () => useAuthStore((state) => state.access !== null);

// Another tab logging in or out changes this tab's state too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (
      event.key === null ||
      event.key === STORAGE_KEYS.access ||
      event.key === STORAGE_KEYS.refresh ||
      event.key.startsWith('user.')
    ) {
      useAuthStore.setState(fromStorage());
    }
  });
}
