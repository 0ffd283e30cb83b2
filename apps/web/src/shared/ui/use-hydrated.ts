import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the page is rendered on the server and while the browser hydrates that HTML, true from
 * the render after (and at once for a page rendered in the browser only). What depends on the
 * visitor's machine — its time zone, its clock — renders the server's way until then, so hydration
 * finds the same text, and is brought up to date in the next render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
