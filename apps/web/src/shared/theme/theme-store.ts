import { create } from 'zustand';
import type { ThemeMode } from './theme';

const KEY = 'theme';

function initialMode(): ThemeMode {
  // The server renders the light view (entry-server.tsx): it has no storage.
  if (typeof localStorage === 'undefined') return 'light';
  const saved = localStorage.getItem(KEY);
  return saved === 'dark' || saved === 'light' ? saved : 'light';
}

interface ThemeState {
  mode: ThemeMode;
  toggle(): void;
}

/** Light by default; the choice is remembered in local storage (and survives logout). */
export const useThemeStore = create<ThemeState>((set, get) => ({
  mode: initialMode(),
  toggle() {
    const mode = get().mode === 'light' ? 'dark' : 'light';
    localStorage.setItem(KEY, mode);
    set({ mode });
  },
}));

export const PRESERVED_STORAGE_KEYS = [KEY];
export const THEME_STORAGE_KEY = KEY;
