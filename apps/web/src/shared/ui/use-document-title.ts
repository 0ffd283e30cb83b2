import { useEffect } from 'react';

/** Spec §1: page titles read '{page} | {app name}'. */
export function useDocumentTitle(page: string | undefined, appName: string) {
  useEffect(() => {
    if (page) document.title = `${page} | ${appName}`;
  }, [page, appName]);
}
