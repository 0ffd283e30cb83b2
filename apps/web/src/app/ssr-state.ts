import { STORAGE_KEYS } from '../shared/auth/auth-storage';
import { DARK_QUERY, THEME_STORAGE_KEY } from '../shared/theme/theme-store';

/** The `<script type="application/json">` a server-rendered page carries its state in (not executed: no CSP change). */
export const SSR_STATE_ID = 'portal-ssr-state';

/** What a server-rendered page hands the browser: the answers its queries start with. */
export interface SsrState {
  queries: { key: readonly unknown[]; data: unknown }[];
}

/** The storage keys the decision reads, passed in so the head script (a string of this function) needs nothing else. */
export interface HydrationKeys {
  login: readonly string[];
  theme: string;
}

export const HYDRATION_KEYS: HydrationKeys = {
  // A guest's cart id too: the shop's top bar shows that cart's count, which the server's view has not.
  login: [STORAGE_KEYS.access, STORAGE_KEYS.refresh, STORAGE_KEYS.legacyToken, 'user.id', STORAGE_KEYS.cartId],
  theme: THEME_STORAGE_KEY,
};

/**
 * Whether this browser may hydrate the server's HTML: the server always renders the anonymous,
 * light view without a cart, so only a visitor with no stored login or guest cart whose theme is
 * light (chosen, or the system's while they have not chosen: issue 26) sees the same page. Self-
 * contained (no outer names): `headScript` runs its source inline before the page paints.
 */
export function shouldHydrate(storage: Pick<Storage, 'getItem'>, keys: HydrationKeys, systemDark = false): boolean {
  try {
    for (const key of keys.login) if (storage.getItem(key) !== null) return false;
    const chosen = storage.getItem(keys.theme);
    return chosen === 'light' || (chosen !== 'dark' && !systemDark);
  } catch {
    return false;
  }
}

/** Set on <html> by the head script when the server's HTML will not be hydrated: boot.css hides it and shows the spinner. */
export const CLIENT_RENDER_ATTRIBUTE = 'data-portal-render';

/**
 * The inline script a server-rendered page runs in its <head>, before anything paints: for a
 * visitor whose view differs (logged in, dark theme) it marks the page so the server's HTML stays
 * hidden behind the boot spinner until the app renders from scratch.
 */
export function headScript(): string {
  const keys = JSON.stringify(HYDRATION_KEYS).replace(/</g, '\\u003c');
  const systemDark = `matchMedia(${JSON.stringify(DARK_QUERY)}).matches`;
  return `if(!(${shouldHydrate.toString()})(localStorage,${keys},${systemDark}))document.documentElement.setAttribute(${JSON.stringify(CLIENT_RENDER_ATTRIBUTE)},"client")`;
}

/** The state a server-rendered page carries, or null for a page rendered in the browser only. */
export function readSsrState(doc: Document): SsrState | null {
  const text = doc.getElementById(SSR_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as SsrState;
  } catch {
    return null;
  }
}
