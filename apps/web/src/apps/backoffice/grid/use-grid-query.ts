import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { gridQueryFromUrl, sameParams, urlParams, type GridQuery, type GridQueryOptions } from './grid-query';

/** A grid's page, sorting, search and filters, kept in the page's URL (a reload or a link shows the same rows). */
export function useGridQuery(options: GridQueryOptions): [GridQuery, (next: GridQuery) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const latest = useRef(params);
  latest.current = params;
  // The options are module constants; the URL alone decides the query.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const query = useMemo(() => gridQueryFromUrl(new URLSearchParams(key), options), [key]);
  const setQuery = useCallback(
    (next: GridQuery) => {
      // The grid reports its models while it first renders too; a query the URL already says is no
      // navigation (react-router would warn that it was called during a render, and ignore it).
      const updated = urlParams(next, options, latest.current);
      if (!sameParams(updated, latest.current)) setParams(updated, { replace: true });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setParams],
  );
  return [query, setQuery];
}
