import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { gridQueryFromUrl, urlParams, type GridQuery, type GridQueryOptions } from './grid-query';

/** A grid's page, sorting, search and filters, kept in the page's URL (a reload or a link shows the same rows). */
export function useGridQuery(options: GridQueryOptions): [GridQuery, (next: GridQuery) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // The options are module constants; the URL alone decides the query.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const query = useMemo(() => gridQueryFromUrl(new URLSearchParams(key), options), [key]);
  const setQuery = useCallback(
    (next: GridQuery) => setParams((current) => urlParams(next, options, current), { replace: true }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setParams],
  );
  return [query, setQuery];
}
