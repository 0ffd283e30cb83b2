import { useEffect } from 'react';
import { create } from 'zustand';

/** The name of the thing a page shows (a product, a category, a person), when it has one. */
const usePageName = create<{ name: string | undefined }>(() => ({ name: undefined }));

/** Spec §1: page titles read '{page} | {app name}'; a page that names its thing replaces `page` with it. */
export function useDocumentTitle(page: string | undefined, appName: string) {
  const name = usePageName((state) => state.name);
  const shown = name ?? page;
  useEffect(() => {
    if (shown) document.title = `${shown} | ${appName}`;
  }, [shown, appName]);
}

/**
 * Called by a page with the name of what it shows ("Organic Cotton T-Shirt") once it is loaded;
 * the route's generic title ("Product") stays until then and comes back when the page goes.
 */
export function usePageTitle(name: string | undefined) {
  useEffect(() => {
    if (!name) return undefined;
    usePageName.setState({ name });
    return () => usePageName.setState({ name: undefined });
  }, [name]);
}
