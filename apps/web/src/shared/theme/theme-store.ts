import { create } from 'zustand';
import type { ThemeMode } from './theme';

const KEY = 'theme';
/** The media query of the operating system's dark preference. */
export const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The person's own choice, or null while they have made none. */
function savedMode(): ThemeMode | null {
  try {
    const saved = localStorage.getItem(KEY);
    return saved === 'dark' || saved === 'light' ? saved : null;
  } catch {
    return null;
  }
}

const osMode = (): ThemeMode => (typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches ? 'dark' : 'light');

function initialMode(): ThemeMode {
  // The server renders the light view (entry-server.tsx): it has no storage and no screen.
  if (typeof localStorage === 'undefined') return 'light';
  return savedMode() ?? osMode();
}

interface ThemeState {
  mode: ThemeMode;
  toggle(): void;
}

/**
 * Issue 26: the operating system's light or dark preference until the person chooses with the
 * toggle; the choice is remembered in local storage (and survives logout) and wins from then on.
 */
export const useThemeStore = create<ThemeState>((set, get) => ({
  mode: initialMode(),
  toggle() {
    const mode = get().mode === 'light' ? 'dark' : 'light';
    localStorage.setItem(KEY, mode);
    document.documentElement.dataset.theme = mode;
    set({ mode });
  },
}));

// The preference changing (the OS's evening switch) moves a person who has not chosen along with it.
if (typeof matchMedia === 'function' && typeof localStorage !== 'undefined') {
  matchMedia(DARK_QUERY).addEventListener?.('change', (event) => {
    if (savedMode() === null) useThemeStore.setState({ mode: event.matches ? 'dark' : 'light' });
  });
}

export const PRESERVED_STORAGE_KEYS = [KEY];
export const THEME_STORAGE_KEY = KEY;
